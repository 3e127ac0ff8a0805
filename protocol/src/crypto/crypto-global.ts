type Bytes = Uint8Array<ArrayBuffer>;

/**
 * A WebCrypto CryptoKey, which only ever goes back into the subtle API that made it. Browsers
 * can store one in IndexedDB as it is: a non-extractable one stays non-extractable there.
 */
export interface CryptoKeyLike {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: { readonly name: string };
  readonly usages: readonly string[];
}

interface AesGcmParams {
  name: 'AES-GCM';
  iv: Bytes;
  additionalData: Bytes;
  tagLength: number;
}

/**
 * The slice of WebCrypto Ringback uses, typed here rather than with the DOM's names, because this
 * package is compiled both with DOM typings (client, machines) and with Node's (daemon, relay).
 */
export interface SubtleCryptoLike {
  digest(algorithm: 'SHA-256', data: Bytes): Promise<ArrayBuffer>;
  importKey(
    format: 'raw',
    keyData: Bytes,
    algorithm: 'PBKDF2' | { name: 'AES-GCM' },
    extractable: false,
    usages: Array<'deriveBits' | 'encrypt' | 'decrypt'>,
  ): Promise<CryptoKeyLike>;
  deriveBits(
    algorithm: { name: 'PBKDF2'; hash: 'SHA-256'; salt: Bytes; iterations: number },
    baseKey: CryptoKeyLike,
    length: number,
  ): Promise<ArrayBuffer>;
  encrypt(algorithm: AesGcmParams, key: CryptoKeyLike, data: Bytes): Promise<ArrayBuffer>;
  decrypt(algorithm: AesGcmParams, key: CryptoKeyLike, data: Bytes): Promise<ArrayBuffer>;
}

export interface CryptoGlobal {
  /** Absent outside a secure context, such as a page served over plain http://<LAN address>. */
  readonly subtle?: SubtleCryptoLike;
  /** Present in every browser context and in Node 20. */
  getRandomValues?(array: Uint8Array): Uint8Array;
}

/** The global `crypto`, read at each call so that tests (and late polyfills) can replace it. */
export function cryptoGlobal(): CryptoGlobal | undefined {
  return (globalThis as unknown as { crypto?: CryptoGlobal }).crypto;
}
