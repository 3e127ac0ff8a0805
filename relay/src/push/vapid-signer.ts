import webPush from 'web-push';
import type { VapidKeys } from '../storage/relay-store';

/** How long a VAPID token is valid: half the 24 h the spec allows, so clock skew never ends it early. */
export const VAPID_TOKEN_LIFETIME_MS = 12 * 60 * 60 * 1000;
/** A token is made again this long before it ends, so none goes out about to expire. */
const RENEW_BEFORE_END_MS = 60 * 60 * 1000;

/** Signs the `Authorization: vapid …` header a push service checks (RFC 8292). */
export interface VapidSigner {
  authorization(endpoint: string): string;
}

/** Tokens kept at most: push services are a handful of origins, this is only a bound. */
export const VAPID_TOKENS_KEPT = 256;

/**
 * One token per push service origin, kept until an hour before it ends. Signing (ES256, through
 * web-push) costs more than encrypting the push itself; a call that wakes a thousand devices on
 * one push service signs once, not a thousand times. At most `maxTokens` are kept, the least
 * recently used going first, so no run of endpoints can grow the cache without end.
 */
export function vapidSigner(
  vapid: VapidKeys & { subject: string },
  now: () => number,
  maxTokens = VAPID_TOKENS_KEPT,
): VapidSigner {
  // A Map iterates in insertion order: a token used is put back at the end, the first is the oldest.
  const tokens = new Map<string, { header: string; renewAt: number }>();
  return {
    authorization(endpoint) {
      const audience = new URL(endpoint).origin;
      const at = now();
      const kept = tokens.get(audience);
      tokens.delete(audience);
      if (kept && at < kept.renewAt) {
        tokens.set(audience, kept);
        return kept.header;
      }
      const endsAt = at + VAPID_TOKEN_LIFETIME_MS;
      const { Authorization } = webPush.getVapidHeaders(
        audience,
        vapid.subject,
        vapid.publicKey,
        vapid.privateKey,
        'aes128gcm',
        Math.floor(endsAt / 1000),
      );
      tokens.set(audience, { header: Authorization, renewAt: endsAt - RENEW_BEFORE_END_MS });
      if (tokens.size > maxTokens) tokens.delete(tokens.keys().next().value as string);
      return Authorization;
    },
  };
}
