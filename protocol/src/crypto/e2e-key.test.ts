/// <reference types="node" />
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RingbackError } from '../errors';
import { E2E_KEY_PREFIX, formatE2eKey, generateE2eKey, isE2eKey, keyIdOf, parseE2eKey } from './e2e-key';
import { pureJsBackend } from './pure-js-backend';
import { KEY_ID_VECTORS } from './test-vectors';
import { webCryptoBackend } from './web-crypto-backend';

const backends = [webCryptoBackend, pureJsBackend];

describe('generateE2eKey', () => {
  it('makes k1_ plus base64url of 32 random bytes', () => {
    const key = generateE2eKey();
    expect(key).toMatch(/^k1_[A-Za-z0-9_-]{43}$/);
    expect(parseE2eKey(key)).toHaveLength(32);
    expect(generateE2eKey()).not.toBe(key);
  });
});

describe('parseE2eKey', () => {
  it('round-trips with formatE2eKey', () => {
    const bytes = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);
    expect(parseE2eKey(formatE2eKey(bytes))).toEqual(bytes);
  });

  it.each([
    ['no prefix', 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8'],
    ['another version', 'k2_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8'],
    ['31 bytes', `${E2E_KEY_PREFIX}${Buffer.alloc(31).toString('base64url')}`],
    ['33 bytes', `${E2E_KEY_PREFIX}${Buffer.alloc(33).toString('base64url')}`],
    ['padding', 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8='],
    ['standard base64', 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh+'],
    ['non-canonical trailing bits', 'k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh9'],
    ['surrounding whitespace', ' k1_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8'],
    ['empty', ''],
  ])('rejects %s with invalid_key', (_, text) => {
    expect(() => parseE2eKey(text)).toThrow(RingbackError);
    expect(() => parseE2eKey(text)).toThrow(expect.objectContaining({ code: 'invalid_key' }));
    expect(isE2eKey(text)).toBe(false);
  });

  it('refuses to format a key of the wrong size', () => {
    expect(() => formatE2eKey(new Uint8Array(16))).toThrow(expect.objectContaining({ code: 'invalid_key' }));
  });
});

describe('keyIdOf', () => {
  it.each(KEY_ID_VECTORS)(
    'gives $keyId for $key on every backend and in node:crypto',
    async ({ key, keyId }) => {
      const oracle = createHash('sha256').update(parseE2eKey(key)).digest('base64url').slice(0, 12);
      expect(oracle).toBe(keyId);
      for (const backend of backends) expect(await keyIdOf(key, backend)).toBe(keyId);
      expect(await keyIdOf(key)).toBe(keyId);
    },
  );

  it('rejects an invalid key', async () => {
    await expect(keyIdOf('k1_short')).rejects.toMatchObject({ code: 'invalid_key' });
  });
});
