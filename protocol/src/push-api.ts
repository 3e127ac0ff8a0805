import { Type } from 'typebox';

/**
 * Web Push between the relay and an app device. A push wakes the device's service worker and
 * carries nothing of the call: its payload (encrypted for the device, RFC 8291 aes128gcm) is only
 * `PushWake`, whose id the worker uses to fetch the sealed event (`GET /v1/events/:eventId`) and
 * decrypt it on the device.
 */

/** `GET /v1/push/key`: the relay's VAPID public key (uncompressed P-256 point, base64url). */
export const PushKey = Type.Object({ publicKey: Type.String() });
export type PushKey = Type.Static<typeof PushKey>;

/**
 * `POST /v1/push/subscription` (an app device's bearer token): this device's subscription, as
 * `PushSubscription.toJSON()` gives it. One per device: a new one replaces the old. Answers 204.
 * `DELETE /v1/push/subscription` removes it (204, also when there was none).
 */
export const PushSubscriptionBody = Type.Object(
  {
    endpoint: Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://' }),
    expirationTime: Type.Optional(Type.Union([Type.Number(), Type.Null()])),
    keys: Type.Object(
      {
        /** The device's P-256 public key, base64url (65 bytes uncompressed). */
        p256dh: Type.String({ minLength: 80, maxLength: 100, pattern: '^[A-Za-z0-9_-]+=*$' }),
        /** The 16-byte auth secret, base64url. */
        auth: Type.String({ minLength: 16, maxLength: 32, pattern: '^[A-Za-z0-9_-]+=*$' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type PushSubscriptionBody = Type.Static<typeof PushSubscriptionBody>;

/**
 * What a push carries once the device decrypts it: the id of the call it is about, and nothing
 * else. The same id comes again while the call rings unanswered (the worker re-alerts with the same
 * notification tag) and once more when it ends (the worker turns the notification into "Missed
 * call" or removes it, from the event's status).
 */
export const PushWake = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
export type PushWake = Type.Static<typeof PushWake>;

/**
 * How long the relay keeps re-alerting an unanswered call: a device that learns of a call more
 * than 2 minutes after it happened counts it missed (client spec, "late report"), so past this the
 * call is missed and the relay sends its last push.
 */
export const PUSH_RING_WINDOW_MS = 2 * 60_000;
/** Between re-alerts of a call still unanswered: 20–30 s (25 s with up to ±5 s of jitter). */
export const PUSH_REALERT_MS = { base: 25_000, jitter: 5_000 } as const;
