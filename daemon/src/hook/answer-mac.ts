import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOOK_SECRET_FILE } from './hook-constants';
import { hookDataDir } from './run-hook';

// Whatever listens on the daemon's port answers the permission hook: the daemon, or, when it is
// down, any other local program (another user's, on a shared machine). The daemon proves the
// answer is its own: it makes a random secret at each start, readable only by this user, and
// MACs the hook's fresh nonce with the exact decision. The hook takes a decision only when the
// MAC verifies; a forged, altered or replayed answer is no decision. No extra round trip.

/** A decision as the hook acts on it: the MAC covers exactly these fields. */
export interface AnsweredDecision {
  behavior: 'allow' | 'deny';
  message?: string;
}

const SECRET_PATTERN = /^[0-9a-f]{64}$/;
/** What a nonce may look like on the wire (the hook sends 32 random bytes, base64url). */
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{22,128}$/;

/** A fresh secret, as the daemon writes it (hex, 32 bytes). */
export const newAnswerSecret = (): string => randomBytes(32).toString('hex');

/** A fresh nonce for one request. */
export const newNonce = (): string => randomBytes(32).toString('base64url');

/** The secret as the file holds it, or null when it is not one. */
export function parseAnswerSecret(text: string): Buffer | null {
  const hex = text.trim();
  return SECRET_PATTERN.test(hex) ? Buffer.from(hex, 'hex') : null;
}

/** The running daemon's secret, from the data dir the hook finds the daemon by; null if none. */
export function readAnswerSecret(env: NodeJS.ProcessEnv): Buffer | null {
  try {
    return parseAnswerSecret(readFileSync(join(hookDataDir(env), HOOK_SECRET_FILE), 'utf8'));
  } catch {
    return null;
  }
}

/** HMAC-SHA256 (base64url) over the nonce and the decision, fields in a fixed order. */
export function answerMac(secret: Buffer, nonce: string, decision: AnsweredDecision): string {
  const input = JSON.stringify([
    'ringback-permission-answer/1',
    nonce,
    decision.behavior,
    decision.message ?? null,
  ]);
  return createHmac('sha256', secret).update(input).digest('base64url');
}

/** Whether `mac` is the daemon's for this nonce and this very decision. */
export function verifyAnswerMac(
  secret: Buffer,
  nonce: string,
  decision: AnsweredDecision,
  mac: string | undefined,
): boolean {
  if (mac === undefined) return false;
  const expected = Buffer.from(answerMac(secret, nonce, decision));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
