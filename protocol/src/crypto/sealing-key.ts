import type { CryptoBackend } from './crypto-backend';
import type { CryptoKeyLike } from './crypto-global';
import { defaultCryptoBackend } from './default-crypto-backend';
import { keyIdOfBytes, parseE2eKey } from './e2e-key';
import { assertKeyId, bytesCipher, type GcmCipher, openWithCipher, sealWithCipher } from './seal';
import { aesGcm, bufferSource, subtle, webCryptoBackend } from './web-crypto-backend';

/**
 * The end-to-end key as the app uses it: it seals and opens `e1.` messages and says which key it
 * is, but never gives its bytes back, so the code that holds one cannot leak what it cannot read.
 */
export interface SealingKey {
  readonly keyId: string;
  seal(plaintext: string, aad: string): Promise<string>;
  /** Throws OpenError, as `open` does. */
  open(sealed: string, aad: string): Promise<string>;
}

function sealingKeyOf(cipher: GcmCipher, keyId: string): SealingKey {
  return {
    keyId,
    seal: (plaintext, aad) => sealWithCipher(cipher, keyId, plaintext, aad),
    open: (sealed, aad) => openWithCipher(cipher, keyId, sealed, aad),
  };
}

/**
 * A key held as `k1_` text: what a page without `crypto.subtle` (plain http on a LAN) has to do,
 * and what the daemon's key file is. Throws RingbackError('invalid_key') for anything else.
 */
export async function sealingKeyFromText(
  text: string,
  backend: CryptoBackend = defaultCryptoBackend(),
): Promise<SealingKey> {
  const bytes = parseE2eKey(text);
  return sealingKeyOf(bytesCipher(bytes, backend), await keyIdOfBytes(bytes, backend));
}

/**
 * A key WebCrypto holds (normally non-extractable, read back from IndexedDB): the page can use
 * it but no script can read its bytes. `keyId` is stored beside it, since it cannot be derived
 * again from a key that cannot be exported.
 */
export function sealingKeyFromCryptoKey(cryptoKey: CryptoKeyLike, keyId: string): SealingKey {
  assertKeyId(keyId);
  const cipher: GcmCipher = {
    async encrypt(iv, plaintext, aad) {
      return new Uint8Array(await subtle().encrypt(aesGcm(iv, aad), cryptoKey, bufferSource(plaintext)));
    },
    async decrypt(iv, ciphertext, aad) {
      return new Uint8Array(await subtle().decrypt(aesGcm(iv, aad), cryptoKey, bufferSource(ciphertext)));
    },
  };
  return sealingKeyOf(cipher, keyId);
}

/**
 * Turns `k1_` text into a non-extractable AES-256-GCM CryptoKey (encrypt and decrypt only) and
 * its keyId, for a store that keeps the key out of reach of script, such as IndexedDB. Needs
 * `crypto.subtle`; the text is the caller's to forget afterwards.
 */
export async function importE2eCryptoKey(text: string): Promise<{ cryptoKey: CryptoKeyLike; keyId: string }> {
  const bytes = parseE2eKey(text);
  const [cryptoKey, keyId] = await Promise.all([
    subtle().importKey('raw', bufferSource(bytes), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']),
    keyIdOfBytes(bytes, webCryptoBackend),
  ]);
  bytes.fill(0);
  return { cryptoKey, keyId };
}
