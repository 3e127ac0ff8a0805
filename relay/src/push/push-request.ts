import { createHash } from 'node:crypto';
import type { PushWake } from '@ringback/protocol';
import webPush from 'web-push';
import type { PushSubscriptionRecord, VapidKeys } from '../storage/relay-store';
import type { VapidSigner } from './vapid-signer';

/** A push no device picked up within a minute is stale: the call has re-alerted or ended by then. */
export const PUSH_TTL_SECONDS = 60;

/** A Web Push request ready to go: encrypted for its device, signed with the relay's key. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The push's Topic: the push service keeps only the newest undelivered push of a topic, so a
 * phone that was offline gets one wake per call, not every re-alert. A hash, since a topic must
 * be at most 32 base64url characters and says nothing of the call.
 */
export function pushTopic(eventId: string): string {
  return createHash('sha256').update(eventId).digest('base64url').slice(0, 32);
}

/**
 * The push that wakes `subscription`'s device about call `eventId`: its payload, encrypted for
 * the device (RFC 8291 aes128gcm), is only `{"id": eventId}`; the device fetches the sealed call
 * and decrypts it itself, so neither the push service nor the relay sees a word of it.
 */
export function buildPushRequest(
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>,
  eventId: string,
  signer: VapidSigner,
): PushRequest {
  const wake: PushWake = { id: eventId };
  const details = webPush.generateRequestDetails(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    JSON.stringify(wake),
    {
      // Signed apart (vapid-signer.ts): one token serves every push to the same push service.
      headers: { Authorization: signer.authorization(subscription.endpoint) },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: pushTopic(eventId),
      contentEncoding: 'aes128gcm',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) {
    // The HTTP client sets the length from the body it sends.
    if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
  }
  if (!details.body) throw new Error('web-push made a push without a body');
  return { endpoint: details.endpoint, headers, body: Buffer.from(details.body) };
}

/** A new VAPID key pair (P-256), base64url. */
export function newVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}
