import { RingbackError } from '../errors';
import type { CryptoBackend } from './crypto-backend';
import { defaultCryptoBackend } from './default-crypto-backend';
import { E2E_KEY_BYTES, formatE2eKey } from './e2e-key';

export const MIN_PASSPHRASE_LENGTH = 12;
export const PASSPHRASE_ITERATIONS = 600_000;
/** Fixed on purpose: every device must derive the same key from the same passphrase. */
export const PASSPHRASE_SALT = 'ringback:e2e:v1';

/**
 * Derives the k1_ key a passphrase stands for. The passphrase is NFC-normalised first: one
 * keyboard may type "é" as one code point and another as "e" plus a combining accent, and the
 * user sees the same passphrase on both devices. Runs asynchronously (WebCrypto or noble's
 * async PBKDF2) so 600000 rounds never block a server's event loop or a page.
 */
export async function deriveE2eKeyFromPassphrase(
  passphrase: string,
  backend: CryptoBackend = defaultCryptoBackend(),
): Promise<string> {
  const normalised = passphrase.normalize('NFC');
  if ([...normalised].length < MIN_PASSPHRASE_LENGTH) {
    throw new RingbackError(
      'passphrase_too_short',
      `a passphrase has at least ${MIN_PASSPHRASE_LENGTH} characters`,
    );
  }
  const encoder = new TextEncoder();
  const bytes = await backend.pbkdf2Sha256(
    encoder.encode(normalised),
    encoder.encode(PASSPHRASE_SALT),
    PASSPHRASE_ITERATIONS,
    E2E_KEY_BYTES,
  );
  return formatE2eKey(bytes);
}
