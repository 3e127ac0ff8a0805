import { createHash, randomBytes, randomInt } from 'node:crypto';
import { DEVICE_TOKEN_PREFIX } from '@ringback/protocol';

/** A new device token: `dev_` + base64url of 32 random bytes. Shown once; only its hash is kept. */
export function newDeviceToken(): string {
  return `${DEVICE_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** What the relay stores of a token or a pairing code: its SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Six digits, uniformly drawn. */
export function newPairingCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A one-time claim code for a private relay's first account: 4 groups of 4 letters/digits. */
export function newClaimCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const groups: string[] = [];
  for (let g = 0; g < 4; g++) {
    let group = '';
    for (let i = 0; i < 4; i++) group += alphabet[randomInt(0, alphabet.length)];
    groups.push(group);
  }
  return groups.join('-');
}
