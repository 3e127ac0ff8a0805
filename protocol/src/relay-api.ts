import { Type } from 'typebox';
import { EventSource } from './agent-report';

// The relay's HTTP API (`/v1/…`), shared by relay, daemon and client. Every body the relay can
// read is here: ids, names, timestamps, statuses, and ciphertext (`e1.…`) it cannot open.

/** `dev_` + base64url of 32 random bytes, sent as `Authorization: Bearer`. */
export const DEVICE_TOKEN_PREFIX = 'dev_';

export const DeviceKind = Type.Union([Type.Literal('daemon'), Type.Literal('app')]);
export type DeviceKind = Type.Static<typeof DeviceKind>;

const DeviceName = Type.String({ minLength: 1, maxLength: 80 });
const Sealed = Type.String({ minLength: 1, maxLength: 4 * 1024 * 1024, pattern: '^e1\\.' });
const EventId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** `POST /v1/accounts`: the first device creates an anonymous account. */
export const CreateAccountBody = Type.Object(
  {
    kind: DeviceKind,
    name: DeviceName,
    /** Required by a private relay until it has its owner. */
    claimCode: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type CreateAccountBody = Type.Static<typeof CreateAccountBody>;

/** A new device's credentials: the token is shown once and stored only hashed. */
export const DeviceCredentials = Type.Object({
  accountId: Type.String(),
  deviceId: Type.String(),
  deviceToken: Type.String(),
});
export type DeviceCredentials = Type.Static<typeof DeviceCredentials>;

export const Device = Type.Object({
  deviceId: Type.String(),
  kind: DeviceKind,
  name: Type.String(),
  createdAt: Type.String(),
  lastSeenAt: Type.Union([Type.String(), Type.Null()]),
  /** The device asking. */
  current: Type.Boolean(),
});
export type Device = Type.Static<typeof Device>;

export const DeviceList = Type.Object({ devices: Type.Array(Device) });
export type DeviceList = Type.Static<typeof DeviceList>;

/** `PATCH /v1/devices/:deviceId`. */
export const RenameDeviceBody = Type.Object({ name: DeviceName }, { additionalProperties: false });
export type RenameDeviceBody = Type.Static<typeof RenameDeviceBody>;

/** `POST /v1/pairing-codes` takes no fields (an empty JSON object, or no body at all). */
export const CreatePairingCodeBody = Type.Object({}, { additionalProperties: false });
export type CreatePairingCodeBody = Type.Static<typeof CreatePairingCodeBody>;

/** `POST /v1/pairing-codes`: 6 digits, valid 10 minutes, single use. */
export const PairingCode = Type.Object({
  code: Type.String({ pattern: '^[0-9]{6}$' }),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type PairingCode = Type.Static<typeof PairingCode>;

export const PAIRING_CODE_TTL_MS = 10 * 60 * 1000;

/** `POST /v1/pairing-codes/redeem`: a new device joins the account of the code. */
export const RedeemPairingBody = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$' }), kind: DeviceKind, name: DeviceName },
  { additionalProperties: false },
);
export type RedeemPairingBody = Type.Static<typeof RedeemPairingBody>;

/** `POST /v1/daemon/tracker-reports`: a finished tracker task; one task rings once per account. */
export const TrackerReportBody = Type.Object(
  {
    eventId: EventId,
    source: Type.Literal('tracker'),
    occurredAt: Type.String({ format: 'date-time' }),
    taskId: Type.String({ minLength: 1, maxLength: 200 }),
    sealed: Sealed,
  },
  { additionalProperties: false },
);
export type TrackerReportBody = Type.Static<typeof TrackerReportBody>;

export const CallStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('answered'),
  Type.Literal('rejected'),
  Type.Literal('acknowledged'),
  Type.Literal('completed'),
]);
export type CallStatus = Type.Static<typeof CallStatus>;

export const HandledBy = Type.Object({ deviceId: Type.String(), name: Type.String() });
export type HandledBy = Type.Static<typeof HandledBy>;

/** A call as apps receive it: the sealed event, readable fields, and its status. */
export const RelayedEvent = Type.Object({
  eventId: Type.String(),
  source: EventSource,
  occurredAt: Type.String(),
  taskId: Type.Union([Type.String(), Type.Null()]),
  /** Null once the call ended: the relay erases what it cannot read. */
  sealed: Type.Union([Type.String(), Type.Null()]),
  status: CallStatus,
  handledBy: Type.Union([HandledBy, Type.Null()]),
  /**
   * The device that answered this call and left it unfinished (its answer lease lapsed, or it was
   * removed): the call is pending again, and any device may answer it and reply.
   */
  unfinishedBy: Type.Optional(HandledBy),
  receivedAt: Type.String(),
});
export type RelayedEvent = Type.Static<typeof RelayedEvent>;

/** `POST /v1/daemon/events` and `/v1/daemon/tracker-reports` answer with the stored event's id. */
export const EventStored = Type.Object({ eventId: Type.String(), repeat: Type.Boolean() });
export type EventStored = Type.Static<typeof EventStored>;

/** `POST /v1/events/:eventId/status`: the first device to answer wins. */
export const StatusUpdateBody = Type.Object(
  {
    status: Type.Union([
      Type.Literal('answered'),
      Type.Literal('rejected'),
      Type.Literal('acknowledged'),
      Type.Literal('completed'),
    ]),
  },
  { additionalProperties: false },
);
export type StatusUpdateBody = Type.Static<typeof StatusUpdateBody>;

export const StatusChange = Type.Object({
  eventId: Type.String(),
  status: CallStatus,
  handledBy: Type.Union([HandledBy, Type.Null()]),
  /** Set on the `pending` frame that returns an abandoned answered call: who had answered it. */
  unfinishedBy: Type.Optional(HandledBy),
});
export type StatusChange = Type.Static<typeof StatusChange>;

/**
 * An answered call stays with the device that answered it while that device renews its lease
 * (`POST /v1/events/:eventId/lease`, 204; 409 `call_taken` when it no longer holds the call; 404
 * `event_not_found`). With no renewal for this long since the answer or the last renewal, the
 * relay returns the call to `pending` (a `status` frame with `unfinishedBy`), decided on the
 * relay's clock; an open stream of the device does not keep it (a lost phone's socket may stay
 * half-open for many minutes). A device that comes back while the call is still `pending` takes
 * it back with its renewal (204), reply or `completed`, as if it answered it again: the first one
 * back, not only the device named there (after two lapses that is the second holder).
 */
export const ANSWER_LEASE_MS = 120_000;
/** How often the answering device renews its lease while it is in the call or writing its reply. */
export const ANSWER_LEASE_RENEW_MS = 30_000;

/** Calls per page of `GET /v1/events/pending`: `default` unless `limit` asks for up to `max`. */
export const PENDING_EVENTS_PAGE = { default: 100, max: 500 } as const;

/** `GET /v1/events/pending?limit=&after=`: `after` is the `next` of the page before. */
export const PendingEventsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: PENDING_EVENTS_PAGE.max })),
  after: Type.Optional(Type.String({ maxLength: 32, pattern: '^[0-9]{1,15}\\.[0-9]{1,15}$' })),
});
export type PendingEventsQuery = Type.Static<typeof PendingEventsQuery>;

/**
 * `GET /v1/events/pending`: calls not yet ended, in the order received, one page at a time, for
 * reconciliation after a restart. `next` (an opaque cursor) is there while more pages follow.
 * Every page of one listing carries the `latestId` read before its first page: a stream
 * resumed from it misses nothing that changed while the pages were read.
 */
export const PendingEvents = Type.Object({
  events: Type.Array(RelayedEvent),
  latestId: Type.Number(),
  next: Type.Optional(Type.String()),
});
export type PendingEvents = Type.Static<typeof PendingEvents>;

/**
 * `GET /v1/stream` (SSE, `Authorization: Bearer`, resume with `Last-Event-ID`). Event types:
 * `event` (a RelayedEvent), `status` (a StatusChange), `reply` (a ReplyState), `resync` (what was missed is past the
 * retention window: reconcile with `GET /v1/events/pending`). Comments (`: ping`) keep it alive.
 */
export const STREAM_EVENT_TYPES = ['event', 'status', 'reply', 'resync'] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];

/** A stream id as a client echoes it back: the decimal seq of a frame it received. */
const StreamId = Type.String({ pattern: '^[0-9]{1,15}$' });

/** `GET /v1/stream` headers: `Last-Event-ID` resumes after that frame (the bearer token is checked apart). */
export const StreamHeaders = Type.Object({ 'last-event-id': Type.Optional(StreamId) });
export type StreamHeaders = Type.Static<typeof StreamHeaders>;

/** `GET /v1/stream?lastEventId=…`: the same, for clients that cannot set the header. */
export const StreamQuery = Type.Object({ lastEventId: Type.Optional(StreamId) });
export type StreamQuery = Type.Static<typeof StreamQuery>;
