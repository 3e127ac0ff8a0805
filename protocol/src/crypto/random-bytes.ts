import { cryptoGlobal } from './crypto-global';

/** `crypto.getRandomValues` exists in every browser context, secure or not, and in Node 20. */
export function randomBytes(length: number): Uint8Array {
  const crypto = cryptoGlobal();
  if (!crypto?.getRandomValues) throw new Error('crypto.getRandomValues is not available here');
  return crypto.getRandomValues(new Uint8Array(length));
}
