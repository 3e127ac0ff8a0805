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
    // Printable ASCII only: real endpoints are, and an index row of 2048 multi-byte characters
    // would outgrow PostgreSQL's btree limit.
    endpoint: Type.String({ minLength: 8, maxLength: 2048, pattern: '^https?://[!-~]+$' }),
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

/** What a push is for, decided on the relay's clock (never the phone's). */
export const PushKind = Type.Union([
  /** The call rings (first push, and each re-alert while it rings unanswered). */
  Type.Literal('ring'),
  /** The call left `pending` on some device: answered, declined, acknowledged or completed. */
  Type.Literal('ended'),
  /** The ring window passed with nobody answering: the call waits as a missed call. */
  Type.Literal('missed'),
]);
export type PushKind = Type.Static<typeof PushKind>;

/**
 * What a push carries once the device decrypts it: the id of the call it is about and what the
 * push is for, nothing of the call's words. `ended` also says how the call ended and on which
 * device, so the worker can replace the ringing notification ("Answered on Laptop", "Declined")
 * without a fetch. The relay pads the JSON with trailing spaces to `PUSH_WAKE_BYTES`, so every
 * push of every kind has the same size on the wire. A payload without `kind` (an older relay) is
 * a `ring`.
 */
export const PushWake = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  kind: Type.Optional(PushKind),
  /** With `ended`: the status the call ended in. */
  status: Type.Optional(
    Type.Union([
      Type.Literal('answered'),
      Type.Literal('rejected'),
      Type.Literal('acknowledged'),
      Type.Literal('completed'),
    ]),
  ),
  /** With `ended`: the device that ended it (its id, and its name cut to `PUSH_DEVICE_NAME_CHARS`). */
  by: Type.Optional(Type.String({ maxLength: 64 })),
  byName: Type.Optional(Type.String({ maxLength: 64 })),
});
export type PushWake = Type.Static<typeof PushWake>;

/** The size every push payload is padded to before it is encrypted (bytes of UTF-8 JSON). */
export const PUSH_WAKE_BYTES = 320;
/** A device name is cut to this many characters in a push, so the padded size always holds it. */
export const PUSH_DEVICE_NAME_CHARS = 40;

/**
 * `GET /v1/push/subscription` (an app device's bearer token): the endpoint the relay holds for this
 * device, or null when it holds none (never registered, removed, or dropped after the push service
 * refused it). A device whose own subscription differs subscribes afresh.
 */
export const PushSubscriptionState = Type.Object({ endpoint: Type.Union([Type.String(), Type.Null()]) });
export type PushSubscriptionState = Type.Static<typeof PushSubscriptionState>;

/**
 * `POST /v1/events/:eventId/quiet` (an app device's bearer token, no body): this device wants no
 * more re-alerts of the call (it is in a silent period, or its notification was swiped away). It
 * declines nothing: the call stays pending for every device, and the call's last push (`ended` or
 * `missed`) still reaches this device. Answers 204; 404 `event_not_found` for a call not of the
 * account.
 */

/**
 * How long the relay keeps re-alerting an unanswered call: a device that learns of a call more
 * than 2 minutes after it happened counts it missed (client spec, "late report"), so past this the
 * call is missed and the relay sends its last push.
 */
export const PUSH_RING_WINDOW_MS = 2 * 60_000;
/** Between re-alerts of a call still unanswered: 20–30 s (25 s with up to ±5 s of jitter). */
export const PUSH_REALERT_MS = { base: 25_000, jitter: 5_000 } as const;
