import { createECDH } from 'node:crypto';

/**
 * Why a subscription's keys cannot be encrypted for, or null: checked when the device registers,
 * so a push is never made for keys that would fail every time.
 */
export function whyKeysRefused(keys: { p256dh: string; auth: string }): string | null {
  if (Buffer.from(keys.auth, 'base64url').length !== 16) return 'keys.auth must be 16 bytes, base64url';
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4)
    return 'keys.p256dh must be an uncompressed P-256 public key (65 bytes), base64url';
  try {
    const ours = createECDH('prime256v1');
    ours.generateKeys();
    ours.computeSecret(point);
  } catch {
    return 'keys.p256dh is not a point on P-256';
  }
  return null;
}
