/// <reference path="./http-ece.d.ts" />
import { createECDH, createHash, type ECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import webPush from 'web-push';
import type { PushSubscriptionRecord, VapidKeys } from '../storage/relay-store';
import type { VapidSigner } from './vapid-signer';

/** A ring no device picked up within a minute is stale: the call has re-alerted or ended by then. */
export const PUSH_TTL_SECONDS = 60;
/**
 * A call's last push (`ended`, `missed`) stays true: a phone offline for hours still gets it when
 * it comes back (the topic keeps only the newest push of the call), and shows the call missed or
 * clears its ringing notification.
 */
export const LAST_PUSH_TTL_SECONDS = 24 * 60 * 60;

/** A Web Push request ready to go: encrypted for its device, signed with the relay's key. */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * The push's Topic: the push service keeps only the newest undelivered push of a topic, so a
 * phone that was offline gets one wake per call, not every re-alert. The call's last push has a
 * topic of its own: a ring that reaches the push service after it (a retry, a slow queue) never
 * replaces it, and an offline phone still gets the end of the call. A hash, since a topic must
 * be at most 32 base64url characters and says nothing of the call.
 */
export function pushTopic(eventId: string, last = false): string {
  return createHash('sha256')
    .update(last ? `${eventId}\nlast` : eventId)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * What a push says (push-wake.ts makes it): the call it is about, whether it is the call's last
 * push (`ended`, `missed`), and its payload, the `PushWake` JSON padded to `PUSH_WAKE_BYTES`.
 */
export interface WakeContent {
  eventId: string;
  last: boolean;
  payload: string;
}

/** Where the sender's one-use ECDH key pair comes from (ephemeral-keys.ts keeps them ready). */
export interface SenderKeys {
  take(): ECDH;
}

const freshKeys: SenderKeys = {
  take() {
    const key = createECDH('prime256v1');
    key.generateKeys();
    return key;
  },
};

/**
 * The push that wakes `subscription`'s device about call `content.eventId`: its payload, encrypted for
 * the device (RFC 8291 aes128gcm, by http_ece, the library web-push encrypts with), is only the
 * `PushWake` (the call's id, what the push is for, and for an ended call how and on which device
 * it ended), padded to one size (push-wake.ts); for a ring the device fetches the sealed call and
 * decrypts it itself, so neither the push service nor the relay sees a word of it. Throws when
 * the subscription's keys are unusable.
 */
export function buildPushRequest(
  subscription: Pick<PushSubscriptionRecord, 'endpoint' | 'p256dh' | 'auth'>,
  content: WakeContent,
  signer: VapidSigner,
  keys: SenderKeys = freshKeys,
): PushRequest {
  const devicePublicKey = Buffer.from(subscription.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.auth, 'base64url');
  if (devicePublicKey.length !== 65) throw new Error('the p256dh key is not 65 bytes');
  if (authSecret.length < 16) throw new Error('the auth secret is shorter than 16 bytes');
  const body = ece.encrypt(Buffer.from(content.payload, 'utf8'), {
    version: 'aes128gcm',
    dh: devicePublicKey,
    privateKey: keys.take(),
    salt: randomBytes(16),
    authSecret,
  });
  return {
    endpoint: subscription.endpoint,
    // The headers RFC 8030 and 8292 ask for; the HTTP client sets the length from the body.
    headers: {
      'Content-Type': 'application/octet-stream',
      'Content-Encoding': 'aes128gcm',
      TTL: String(content.last ? LAST_PUSH_TTL_SECONDS : PUSH_TTL_SECONDS),
      Urgency: 'high',
      Topic: pushTopic(content.eventId, content.last),
      // Signed apart (vapid-signer.ts): one token serves every push to the same push service.
      Authorization: signer.authorization(subscription.endpoint),
    },
    body,
  };
}

/** A new VAPID key pair (P-256), base64url. */
export function newVapidKeys(): VapidKeys {
  return webPush.generateVAPIDKeys();
}
