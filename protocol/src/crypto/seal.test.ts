/// <reference types="node" />
import { createCipheriv, createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Aad } from './aad';
import { decodeBase64url, encodeBase64url } from './base64url';
import { generateE2eKey, parseE2eKey } from './e2e-key';
import { OpenError } from './open-error';
import { pureJsBackend } from './pure-js-backend';
import { open, seal, sealWithIv } from './seal';
import { SEAL_VECTORS } from './test-vectors';
import { webCryptoBackend } from './web-crypto-backend';

const backends = [webCryptoBackend, pureJsBackend];
const EVENT_ID = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

function ivOf(vector: (typeof SEAL_VECTORS)[number]): Uint8Array {
  const iv = decodeBase64url(vector.iv);
  if (!iv) throw new Error(`bad vector IV ${vector.iv}`);
  return iv;
}

/** Re-encodes one part of a sealed string after flipping one bit of it. */
function flipBit(sealed: string, part: 2 | 3, byteIndex: number): string {
  const parts = sealed.split('.');
  const bytes = decodeBase64url(parts[part] ?? '');
  if (!bytes) throw new Error('not base64url');
  bytes[byteIndex] = (bytes[byteIndex] as number) ^ 0x01;
  parts[part] = encodeBase64url(bytes);
  return parts.join('.');
}

async function openFailure(promise: Promise<string>): Promise<OpenError> {
  const thrown = await promise.then(
    () => new Error('opened'),
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(OpenError);
  return thrown as OpenError;
}

describe('seal test vectors', () => {
  it.each(SEAL_VECTORS)('node:crypto agrees with the vector sealed under $aad', (vector) => {
    const cipher = createCipheriv('aes-256-gcm', parseE2eKey(vector.key), ivOf(vector));
    cipher.setAAD(Buffer.from(vector.aad, 'utf8'));
    const body = Buffer.concat([
      cipher.update(vector.plaintext, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    expect(vector.sealed.split('.')[3]).toBe(body.toString('base64url'));

    const withTag = Buffer.from(decodeBase64url(vector.sealed.split('.')[3] ?? '') ?? []);
    const decipher = createDecipheriv('aes-256-gcm', parseE2eKey(vector.key), ivOf(vector));
    decipher.setAAD(Buffer.from(vector.aad, 'utf8'));
    decipher.setAuthTag(withTag.subarray(-16));
    const opened = Buffer.concat([decipher.update(withTag.subarray(0, -16)), decipher.final()]);
    expect(opened.toString('utf8')).toBe(vector.plaintext);
  });

  for (const backend of backends) {
    it.each(SEAL_VECTORS)(`${backend.name} seals and opens the vector under $aad`, async (vector) => {
      expect(await sealWithIv(vector.key, vector.plaintext, vector.aad, ivOf(vector), backend)).toBe(
        vector.sealed,
      );
      expect(await open(vector.key, vector.sealed, vector.aad, backend)).toBe(vector.plaintext);
    });
  }
});

describe('seal and open', () => {
  it('round-trips between the two backends in both directions', async () => {
    const key = generateE2eKey();
    const plaintext = JSON.stringify({ brief: 'Build is green. Ça marche. 好的。', n: 'x'.repeat(5000) });
    const aad = Aad.report(EVENT_ID);
    const fromWeb = await seal(key, plaintext, aad, webCryptoBackend);
    const fromPure = await seal(key, plaintext, aad, pureJsBackend);
    expect(await open(key, fromWeb, aad, pureJsBackend)).toBe(plaintext);
    expect(await open(key, fromPure, aad, webCryptoBackend)).toBe(plaintext);
    expect(await open(key, fromPure, aad)).toBe(plaintext);
  });

  it('uses a fresh IV for every message', async () => {
    const key = generateE2eKey();
    const first = await seal(key, 'same', 'aad');
    const second = await seal(key, 'same', 'aad');
    expect(first).toMatch(/^e1\.[A-Za-z0-9_-]{12}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(first.split('.')[2]).not.toBe(second.split('.')[2]);
  });

  it('rejects an invalid key argument as the caller error it is', async () => {
    await expect(seal('k1_nope', 'x', 'aad')).rejects.toMatchObject({ code: 'invalid_key' });
    await expect(open('k1_nope', SEAL_VECTORS[0]?.sealed ?? '', 'aad')).rejects.toMatchObject({
      code: 'invalid_key',
    });
  });
});

describe('open failures', () => {
  for (const backend of backends) {
    describe(backend.name, () => {
      it('reports key_mismatch for another key', async () => {
        const sealed = await seal(generateE2eKey(), 'secret', Aad.reply(EVENT_ID), backend);
        const error = await openFailure(open(generateE2eKey(), sealed, Aad.reply(EVENT_ID), backend));
        expect(error.reason).toBe('key_mismatch');
      });

      it('reports tampered for another AAD', async () => {
        const key = generateE2eKey();
        const sealed = await seal(key, 'secret', Aad.report(EVENT_ID), backend);
        for (const aad of [Aad.reply(EVENT_ID), Aad.report('0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7c'), '']) {
          expect((await openFailure(open(key, sealed, aad, backend))).reason).toBe('tampered');
        }
      });

      it('reports tampered for a flipped bit in the IV, the ciphertext or the tag', async () => {
        const key = generateE2eKey();
        const sealed = await seal(key, 'a secret of some length', 'aad', backend);
        const bodyLength = decodeBase64url(sealed.split('.')[3] ?? '')?.length ?? 0;
        for (const altered of [
          flipBit(sealed, 2, 0),
          flipBit(sealed, 3, 0),
          flipBit(sealed, 3, bodyLength - 1),
        ]) {
          expect((await openFailure(open(key, altered, 'aad', backend))).reason).toBe('tampered');
        }
      });
    });
  }

  const vector = SEAL_VECTORS[1];
  if (!vector) throw new Error('missing vector');
  const [, keyId, iv, body] = vector.sealed.split('.');

  it.each([
    ['empty', ''],
    ['three parts', `e1.${keyId}.${iv}`],
    ['five parts', `${vector.sealed}.x`],
    ['another format', `e2.${keyId}.${iv}.${body}`],
    ['a short keyId', `e1.${keyId?.slice(1)}.${iv}.${body}`],
    ['an 11-byte IV', `e1.${keyId}.${encodeBase64url(new Uint8Array(11))}.${body}`],
    ['an IV that is not base64url', `e1.${keyId}.${iv?.slice(0, 15)}+.${body}`],
    ['a body shorter than the tag', `e1.${keyId}.${iv}.${encodeBase64url(new Uint8Array(15))}`],
    ['a padded body', `${vector.sealed}==`],
  ])('reports malformed for %s', async (_, sealed) => {
    expect((await openFailure(open(vector.key, sealed, vector.aad))).reason).toBe('malformed');
  });
});
