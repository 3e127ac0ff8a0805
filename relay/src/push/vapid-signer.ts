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

/**
 * One token per push service origin, kept until an hour before it ends. Signing (ES256, through
 * web-push) costs more than encrypting the push itself; a call that wakes a thousand devices on
 * one push service signs once, not a thousand times.
 */
export function vapidSigner(vapid: VapidKeys & { subject: string }, now: () => number): VapidSigner {
  const tokens = new Map<string, { header: string; renewAt: number }>();
  return {
    authorization(endpoint) {
      const audience = new URL(endpoint).origin;
      const at = now();
      const kept = tokens.get(audience);
      if (kept && at < kept.renewAt) return kept.header;
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
      return Authorization;
    },
  };
}
