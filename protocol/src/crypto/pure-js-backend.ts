import { gcm } from '@noble/ciphers/aes.js';
import { pbkdf2Async } from '@noble/hashes/pbkdf2.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { CryptoBackend } from './crypto-backend';

/**
 * The audited pure-JS primitives of @noble, for pages without `crypto.subtle`. PBKDF2 uses the
 * async variant, which yields to the event loop between rounds so a page stays responsive.
 */
export const pureJsBackend: CryptoBackend = {
  name: 'pure-js',

  async sha256(data) {
    return sha256(data);
  },

  async pbkdf2Sha256(password, salt, iterations, length) {
    return pbkdf2Async(sha256, password, salt, { c: iterations, dkLen: length });
  },

  async aesGcmEncrypt(key, iv, plaintext, aad) {
    return gcm(key, iv, aad).encrypt(plaintext);
  },

  async aesGcmDecrypt(key, iv, ciphertextWithTag, aad) {
    return gcm(key, iv, aad).decrypt(ciphertextWithTag);
  },
};
