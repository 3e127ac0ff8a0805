import { RingbackError } from '../errors';
import { decodeBase64url, encodeBase64url } from './base64url';
import type { CryptoBackend } from './crypto-backend';
import { defaultCryptoBackend } from './default-crypto-backend';
import { randomBytes } from './random-bytes';

export const E2E_KEY_PREFIX = 'k1_';
export const E2E_KEY_BYTES = 32;
const KEY_ID_LENGTH = 12;

export function formatE2eKey(bytes: Uint8Array): string {
  if (bytes.length !== E2E_KEY_BYTES) {
    throw new RingbackError(
      'invalid_key',
      `an end-to-end key is ${E2E_KEY_BYTES} bytes, not ${bytes.length}`,
    );
  }
  return E2E_KEY_PREFIX + encodeBase64url(bytes);
}

export function generateE2eKey(): string {
  return formatE2eKey(randomBytes(E2E_KEY_BYTES));
}

/** The key's 32 bytes; the message never echoes the text, since it may be a near-miss of a real key. */
export function parseE2eKey(text: string): Uint8Array {
  if (typeof text !== 'string' || !text.startsWith(E2E_KEY_PREFIX)) {
    throw new RingbackError('invalid_key', `an end-to-end key starts with ${E2E_KEY_PREFIX}`);
  }
  const bytes = decodeBase64url(text.slice(E2E_KEY_PREFIX.length));
  if (bytes?.length !== E2E_KEY_BYTES) {
    throw new RingbackError(
      'invalid_key',
      `an end-to-end key is ${E2E_KEY_PREFIX} and base64url of 32 bytes`,
    );
  }
  return bytes;
}

export function isE2eKey(text: string): boolean {
  try {
    parseE2eKey(text);
    return true;
  } catch {
    return false;
  }
}

/** Names a key without revealing it, so a mismatch can be told apart from corrupted data. */
export async function keyIdOf(key: string, backend: CryptoBackend = defaultCryptoBackend()): Promise<string> {
  return keyIdOfBytes(parseE2eKey(key), backend);
}

export async function keyIdOfBytes(bytes: Uint8Array, backend: CryptoBackend): Promise<string> {
  return encodeBase64url(await backend.sha256(bytes)).slice(0, KEY_ID_LENGTH);
}
