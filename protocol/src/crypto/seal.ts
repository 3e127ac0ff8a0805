import { RingbackError } from '../errors';
import { decodeBase64url, encodeBase64url } from './base64url';
import type { CryptoBackend } from './crypto-backend';
import { defaultCryptoBackend } from './default-crypto-backend';
import { keyIdOfBytes, parseE2eKey } from './e2e-key';
import { OpenError } from './open-error';
import { randomBytes } from './random-bytes';

const FORMAT = 'e1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{12}$/;

/**
 * AES-256-GCM under one key, however that key is held: as bytes given to a backend, or as a
 * non-extractable WebCrypto key that never leaves the browser's key store. The `e1.` format is
 * the same for both, so what one seals the other opens.
 */
export interface GcmCipher {
  /** The ciphertext with the 16-byte tag appended. */
  encrypt(iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  /** Rejects when the tag does not verify. */
  decrypt(iv: Uint8Array, ciphertextWithTag: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
}

export function bytesCipher(keyBytes: Uint8Array, backend: CryptoBackend): GcmCipher {
  return {
    encrypt: (iv, plaintext, aad) => backend.aesGcmEncrypt(keyBytes, iv, plaintext, aad),
    decrypt: (iv, ciphertext, aad) => backend.aesGcmDecrypt(keyBytes, iv, ciphertext, aad),
  };
}

export function assertKeyId(keyId: string): void {
  if (!KEY_ID_PATTERN.test(keyId)) {
    throw new RingbackError('invalid_key', 'a keyId is 12 characters of base64url');
  }
}

/** `e1.<keyId>.<iv>.<ciphertext-with-tag>` under `cipher`, with a fresh random IV. */
export async function sealWithCipher(
  cipher: GcmCipher,
  keyId: string,
  plaintext: string,
  aad: string,
  iv: Uint8Array = randomBytes(IV_BYTES),
): Promise<string> {
  if (iv.length !== IV_BYTES) throw new RangeError(`the IV is ${IV_BYTES} bytes`);
  const encoder = new TextEncoder();
  const ciphertext = await cipher.encrypt(iv, encoder.encode(plaintext), encoder.encode(aad));
  return [FORMAT, keyId, encodeBase64url(iv), encodeBase64url(ciphertext)].join('.');
}

/** Opens what `sealWithCipher` made under the key named `keyId`. Throws OpenError. */
export async function openWithCipher(
  cipher: GcmCipher,
  keyId: string,
  sealed: string,
  aad: string,
): Promise<string> {
  const parts = parseSealed(sealed);
  if (parts.keyId !== keyId) {
    throw new OpenError('key_mismatch', 'the message was sealed with another end-to-end key');
  }
  let plaintext: Uint8Array;
  try {
    plaintext = await cipher.decrypt(parts.iv, parts.ciphertext, new TextEncoder().encode(aad));
  } catch (cause) {
    throw new OpenError(
      'tampered',
      'the message did not authenticate (altered, or sealed for another purpose)',
      { cause },
    );
  }
  return new TextDecoder().decode(plaintext);
}

/** AES-256-GCM under the k1_ key with a fresh random IV: `e1.<keyId>.<iv>.<ciphertext-with-tag>`. */
export async function seal(
  key: string,
  plaintext: string,
  aad: string,
  backend: CryptoBackend = defaultCryptoBackend(),
): Promise<string> {
  return sealWithIv(key, plaintext, aad, randomBytes(IV_BYTES), backend);
}

/** Internal: a fixed IV is only ever right for test vectors; reusing one under a key breaks GCM. */
export async function sealWithIv(
  key: string,
  plaintext: string,
  aad: string,
  iv: Uint8Array,
  backend: CryptoBackend,
): Promise<string> {
  if (iv.length !== IV_BYTES) throw new RangeError(`the IV is ${IV_BYTES} bytes`);
  const keyBytes = parseE2eKey(key);
  return sealWithCipher(
    bytesCipher(keyBytes, backend),
    await keyIdOfBytes(keyBytes, backend),
    plaintext,
    aad,
    iv,
  );
}

interface SealedParts {
  keyId: string;
  iv: Uint8Array;
  ciphertext: Uint8Array;
}

function parseSealed(sealed: string): SealedParts {
  const parts = typeof sealed === 'string' ? sealed.split('.') : [];
  const [format, keyId, ivText, ciphertextText] = parts;
  if (parts.length !== 4 || format !== FORMAT || keyId === undefined || !KEY_ID_PATTERN.test(keyId)) {
    throw new OpenError('malformed', 'not an e1.<keyId>.<iv>.<ciphertext> message');
  }
  const iv = decodeBase64url(ivText ?? '');
  const ciphertext = decodeBase64url(ciphertextText ?? '');
  if (iv?.length !== IV_BYTES || ciphertext === null || ciphertext.length < TAG_BYTES) {
    throw new OpenError(
      'malformed',
      'the IV or ciphertext of the message is not valid base64url of the right size',
    );
  }
  return { keyId, iv, ciphertext };
}

/**
 * Opens what `seal` made, with the same key and AAD. Throws OpenError; an invalid `key` argument
 * is the caller's own error and throws RingbackError('invalid_key') instead.
 */
export async function open(
  key: string,
  sealed: string,
  aad: string,
  backend: CryptoBackend = defaultCryptoBackend(),
): Promise<string> {
  const keyBytes = parseE2eKey(key);
  return openWithCipher(bytesCipher(keyBytes, backend), await keyIdOfBytes(keyBytes, backend), sealed, aad);
}
