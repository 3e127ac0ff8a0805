/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, decodeBase64urlByLoop, encodeBase64url, encodeBase64urlByLoop } from './base64url';

// Lengths around the 3-byte boundary, short and long enough for Node's own codec.
const LENGTHS = [...Array.from({ length: 70 }, (_, i) => i), 766, 767, 768, 769, 770, 4095, 6001];

describe('base64url', () => {
  it('matches Node for every length around the 3-byte boundary, short and long', () => {
    for (const length of LENGTHS) {
      const bytes = new Uint8Array(randomBytes(length));
      const text = Buffer.from(bytes).toString('base64url');
      expect(encodeBase64url(bytes)).toBe(text);
      expect(decodeBase64url(text)).toEqual(bytes);
    }
  });

  it('gives the same text and bytes with the codec in script (what a page without Buffer runs)', () => {
    for (const length of LENGTHS) {
      const bytes = new Uint8Array(randomBytes(length));
      const text = Buffer.from(bytes).toString('base64url');
      expect(encodeBase64urlByLoop(bytes)).toBe(text);
      expect(decodeBase64urlByLoop(text)).toEqual(bytes);
    }
  });

  it('encodes a view at its own offset, not its whole buffer', () => {
    const whole = new Uint8Array(randomBytes(3000));
    const view = whole.subarray(7, 2007);
    expect(encodeBase64url(view)).toBe(Buffer.from(view).toString('base64url'));
  });

  const refused = [
    ['padding', 'AAE='],
    ['standard alphabet', 'ab+/'],
    ['whitespace', 'AA E'],
    ['an impossible length', 'AAAAA'],
    ['non-zero trailing bits', 'AB'],
    ['non-zero trailing bits after two bytes', 'AAB'],
    ['non-ASCII', 'AAé'],
  ];

  it.each(refused)('refuses %s', (_, text) => {
    expect(decodeBase64url(text)).toBeNull();
    expect(decodeBase64urlByLoop(text)).toBeNull();
  });

  // Node's decoder skips what it does not know: long texts are checked before it sees them.
  it.each(refused)('refuses %s in a text long enough for Node’s decoder', (_, text) => {
    const long = `${'A'.repeat(4096)}${text}`;
    expect(decodeBase64url(long)).toBeNull();
    expect(decodeBase64urlByLoop(long)).toBeNull();
  });
});
