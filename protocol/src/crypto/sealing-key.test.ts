/// <reference types="node" />
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Aad } from './aad';
import { decodeBase64url } from './base64url';
import { generateE2eKey, keyIdOf } from './e2e-key';
import { OpenError } from './open-error';
import { pureJsBackend } from './pure-js-backend';
import { open, seal } from './seal';
import { importE2eCryptoKey, sealingKeyFromCryptoKey, sealingKeyFromText } from './sealing-key';
import { SEAL_VECTORS } from './test-vectors';
import { webCryptoBackend } from './web-crypto-backend';

const EVENT_ID = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

/** The next IV `seal` draws is the vector's: the only way to compare bytes through the public API. */
function nextIvIs(ivText: string): void {
  const iv = decodeBase64url(ivText);
  if (!iv) throw new Error(`bad vector IV ${ivText}`);
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementationOnce((array) => {
    (array as Uint8Array).set(iv);
    return array;
  });
}

async function keysFor(text: string) {
  const { cryptoKey, keyId } = await importE2eCryptoKey(text);
  return {
    'text (webcrypto)': await sealingKeyFromText(text, webCryptoBackend),
    'text (pure-js)': await sealingKeyFromText(text, pureJsBackend),
    'non-extractable CryptoKey': sealingKeyFromCryptoKey(cryptoKey, keyId),
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('importE2eCryptoKey', () => {
  it('holds the key as a non-extractable AES-GCM key for encrypt and decrypt, named by its keyId', async () => {
    const text = generateE2eKey();
    const { cryptoKey, keyId } = await importE2eCryptoKey(text);
    expect(keyId).toBe(await keyIdOf(text));
    expect(cryptoKey.extractable).toBe(false);
    expect([...cryptoKey.usages].sort()).toEqual(['decrypt', 'encrypt']);
    expect(cryptoKey.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(globalThis.crypto.subtle.exportKey('raw', cryptoKey as CryptoKey)).rejects.toThrow();
    await expect(globalThis.crypto.subtle.exportKey('jwk', cryptoKey as CryptoKey)).rejects.toThrow();
  });

  it('refuses text that is not a key, without echoing it', async () => {
    await expect(importE2eCryptoKey('k1_secretish')).rejects.toMatchObject({ code: 'invalid_key' });
    await expect(importE2eCryptoKey('k1_secretish')).rejects.not.toThrow(/secretish/);
  });
});

describe('SealingKey', () => {
  it.each(SEAL_VECTORS)(
    'every maker seals the vector under $aad byte for byte, and opens it',
    async (vector) => {
      for (const [maker, key] of Object.entries(await keysFor(vector.key))) {
        nextIvIs(vector.iv);
        expect(await key.seal(vector.plaintext, vector.aad), maker).toBe(vector.sealed);
        expect(await key.open(vector.sealed, vector.aad), maker).toBe(vector.plaintext);
      }
    },
  );

  it('round-trips with the text functions the daemon uses, both ways', async () => {
    const text = generateE2eKey();
    const plaintext = JSON.stringify({ brief: 'Ça marche. 好的。', n: 'x'.repeat(3000) });
    const aad = Aad.report(EVENT_ID);
    for (const key of Object.values(await keysFor(text))) {
      expect(key.keyId).toBe(await keyIdOf(text));
      expect(await open(text, await key.seal(plaintext, aad), aad)).toBe(plaintext);
      expect(await key.open(await seal(text, plaintext, aad), aad)).toBe(plaintext);
    }
  });

  it('draws a fresh IV for every message', async () => {
    const { cryptoKey, keyId } = await importE2eCryptoKey(generateE2eKey());
    const key = sealingKeyFromCryptoKey(cryptoKey, keyId);
    const [first, second] = [await key.seal('same', 'aad'), await key.seal('same', 'aad')];
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
  });

  it('says key_mismatch for another key, tampered for another AAD, malformed for junk', async () => {
    const other = await importE2eCryptoKey(generateE2eKey());
    for (const key of Object.values(await keysFor(generateE2eKey()))) {
      const fromOther = await sealingKeyFromCryptoKey(other.cryptoKey, other.keyId).seal('x', 'aad');
      await expect(key.open(fromOther, 'aad')).rejects.toMatchObject({ reason: 'key_mismatch' });
      const mine = await key.seal('x', Aad.report(EVENT_ID));
      await expect(key.open(mine, Aad.reply(EVENT_ID))).rejects.toMatchObject({ reason: 'tampered' });
      await expect(key.open('e1.nope', 'aad')).rejects.toBeInstanceOf(OpenError);
    }
  });

  it('never shows the key when logged or serialised', async () => {
    const text = generateE2eKey();
    for (const key of Object.values(await keysFor(text))) {
      expect(JSON.stringify(key)).not.toContain(text.slice(3));
      expect(Object.keys(key)).toEqual(expect.arrayContaining(['keyId']));
    }
  });

  it('refuses a malformed keyId for a CryptoKey', async () => {
    const { cryptoKey } = await importE2eCryptoKey(generateE2eKey());
    expect(() => sealingKeyFromCryptoKey(cryptoKey, 'short')).toThrow(/keyId/);
  });
});
