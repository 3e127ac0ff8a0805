import { Aad, generateE2eKey, keyIdOf, OpenError, open, seal, webCryptoBackend } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { nodeCryptoBackend, nodeSealingKey } from './node-sealing-key';

const AAD = Aad.computerAnswer('cr-1', 0);

describe('nodeSealingKey', () => {
  it('seals what WebCrypto opens, and opens what WebCrypto sealed (one e1 format)', async () => {
    const text = generateE2eKey();
    const key = await nodeSealingKey(text);
    expect(key.keyId).toBe(await keyIdOf(text));
    const frame = JSON.stringify({ type: 'audio', data: 'A'.repeat(64 * 1024) });
    expect(await open(text, await key.seal(frame, AAD), AAD)).toBe(frame);
    expect(await key.open(await seal(text, 'Did the nightly build pass? ✓', AAD), AAD)).toBe(
      'Did the nightly build pass? ✓',
    );
  });

  it('gives the same bytes as WebCrypto for the same key, IV and AAD', async () => {
    const key = new Uint8Array(32).map((_, i) => i);
    const iv = new Uint8Array(12).fill(7);
    const plaintext = new TextEncoder().encode('a sentence, spoken');
    const aad = new TextEncoder().encode(AAD);
    const sealed = await nodeCryptoBackend.aesGcmEncrypt(key, iv, plaintext, aad);
    expect(sealed).toEqual(await webCryptoBackend.aesGcmEncrypt(key, iv, plaintext, aad));
    expect(await nodeCryptoBackend.aesGcmDecrypt(key, iv, sealed, aad)).toEqual(plaintext);
  });

  it('refuses a frame sealed for another place, or altered, or under another key', async () => {
    const text = generateE2eKey();
    const key = await nodeSealingKey(text);
    const sealed = await key.seal('{"type":"end"}', AAD);
    await expect(key.open(sealed, Aad.computerAnswer('cr-1', 1))).rejects.toBeInstanceOf(OpenError);
    const at = sealed.lastIndexOf('.') + 4;
    const flipped = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`;
    await expect(key.open(flipped, AAD)).rejects.toBeInstanceOf(OpenError);
    const other = await nodeSealingKey(generateE2eKey());
    await expect(other.open(sealed, AAD)).rejects.toBeInstanceOf(OpenError);
  });
});
