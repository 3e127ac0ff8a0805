/// <reference types="node" />
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeBase64url, encodeBase64url } from './base64url';

describe('base64url', () => {
  it('matches Node for every length around the 3-byte boundary', () => {
    for (let length = 0; length < 70; length++) {
      const bytes = new Uint8Array(randomBytes(length));
      const text = Buffer.from(bytes).toString('base64url');
      expect(encodeBase64url(bytes)).toBe(text);
      expect(decodeBase64url(text)).toEqual(bytes);
    }
  });

  it.each([
    ['padding', 'AAE='],
    ['standard alphabet', 'ab+/'],
    ['whitespace', 'AA E'],
    ['an impossible length', 'AAAAA'],
    ['non-zero trailing bits', 'AB'],
    ['non-ASCII', 'AAé'],
  ])('refuses %s', (_, text) => {
    expect(decodeBase64url(text)).toBeNull();
  });
});
