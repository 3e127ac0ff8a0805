/**
 * The primitives the end-to-end format needs. Two implementations exist because a page served
 * over plain `http://<LAN address>` is not a secure context and has no `crypto.subtle`; both
 * must give identical bytes (see test-vectors.ts).
 */
export interface CryptoBackend {
  readonly name: string;
  sha256(data: Uint8Array): Promise<Uint8Array>;
  pbkdf2Sha256(
    password: Uint8Array,
    salt: Uint8Array,
    iterations: number,
    length: number,
  ): Promise<Uint8Array>;
  /** Returns the ciphertext with the 16-byte tag appended, as WebCrypto does. */
  aesGcmEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: Uint8Array, aad: Uint8Array): Promise<Uint8Array>;
  /** Rejects when the tag does not verify. */
  aesGcmDecrypt(
    key: Uint8Array,
    iv: Uint8Array,
    ciphertextWithTag: Uint8Array,
    aad: Uint8Array,
  ): Promise<Uint8Array>;
}
