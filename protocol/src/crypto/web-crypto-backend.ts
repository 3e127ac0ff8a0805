import type { CryptoBackend } from './crypto-backend';
import { cryptoGlobal, type SubtleCryptoLike } from './crypto-global';

/** WebCrypto wants ArrayBuffer-backed views; a view over a SharedArrayBuffer is copied. */
export function bufferSource(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  return bytes.buffer instanceof ArrayBuffer ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

/** Looked up at each call, not at import, so importing this module never fails where it is absent. */
export function subtle(): SubtleCryptoLike {
  const found = cryptoGlobal()?.subtle;
  if (!found) throw new Error('crypto.subtle is not available here (not a secure context?)');
  return found;
}

export function aesGcm(iv: Uint8Array, aad: Uint8Array) {
  return {
    name: 'AES-GCM',
    iv: bufferSource(iv),
    additionalData: bufferSource(aad),
    tagLength: 128,
  } as const;
}

function aesKey(key: Uint8Array, usage: 'encrypt' | 'decrypt') {
  return subtle().importKey('raw', bufferSource(key), { name: 'AES-GCM' }, false, [usage]);
}

export const webCryptoBackend: CryptoBackend = {
  name: 'webcrypto',

  async sha256(data) {
    return new Uint8Array(await subtle().digest('SHA-256', bufferSource(data)));
  },

  async pbkdf2Sha256(password, salt, iterations, length) {
    const base = await subtle().importKey('raw', bufferSource(password), 'PBKDF2', false, ['deriveBits']);
    const params = { name: 'PBKDF2', hash: 'SHA-256', salt: bufferSource(salt), iterations } as const;
    return new Uint8Array(await subtle().deriveBits(params, base, length * 8));
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    const sealed = await subtle().encrypt(
      aesGcm(iv, aad),
      await aesKey(key, 'encrypt'),
      bufferSource(plaintext),
    );
    return new Uint8Array(sealed);
  },

  async aesGcmDecrypt(key, iv, ciphertextWithTag, aad) {
    const opened = await subtle().decrypt(
      aesGcm(iv, aad),
      await aesKey(key, 'decrypt'),
      bufferSource(ciphertextWithTag),
    );
    return new Uint8Array(opened);
  },
};
