import type { CryptoBackend } from './crypto-backend';
import { cryptoGlobal } from './crypto-global';
import { pureJsBackend } from './pure-js-backend';
import { webCryptoBackend } from './web-crypto-backend';

/** A parameter so tests can pass a global with and without `subtle`. */
export function selectCryptoBackend(crypto: { readonly subtle?: unknown } | undefined): CryptoBackend {
  return crypto?.subtle ? webCryptoBackend : pureJsBackend;
}

/** WebCrypto where the page is a secure context (or in Node), the pure-JS backend elsewhere. */
export function defaultCryptoBackend(): CryptoBackend {
  return selectCryptoBackend(cryptoGlobal());
}
