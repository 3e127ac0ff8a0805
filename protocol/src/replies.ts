import { Type } from 'typebox';
import { AgentSource } from './agent-report';

const ReplyId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Sealed = Type.String({ minLength: 1, maxLength: 256 * 1024, pattern: '^e1\\.' });

/**
 * What an app seals after hang-up (AAD `ringback:reply:v1:<eventId>`): the words for the agent
 * and which session they continue. The daemon resumes only sessions it recorded itself.
 */
export const ReplyPlaintext = Type.Object({
  eventId: Type.String(),
  source: AgentSource,
  sessionId: Type.String({ minLength: 1, maxLength: 200 }),
  text: Type.String({ minLength: 1, maxLength: 32_000 }),
});
export type ReplyPlaintext = Type.Static<typeof ReplyPlaintext>;

/** A failed reply's reason, sealed by the daemon (AAD `ringback:reply-error:v1:<replyId>`). */
export const ReplyFailurePlaintext = Type.Object({ reason: Type.String() });
export type ReplyFailurePlaintext = Type.Static<typeof ReplyFailurePlaintext>;

/** `POST /v1/events/:eventId/replies` (app): idempotent by the app's `replyId`. */
export const ReplyBody = Type.Object({ replyId: ReplyId, sealed: Sealed }, { additionalProperties: false });
export type ReplyBody = Type.Static<typeof ReplyBody>;

export const ReplyStatus = Type.Union([
  Type.Literal('queued'),
  Type.Literal('dispatched'),
  Type.Literal('delivered'),
  Type.Literal('failed'),
]);
export type ReplyStatus = Type.Static<typeof ReplyStatus>;

/** A reply's delivery, as the POST answers it and the stream's `reply` frames carry it. */
export const ReplyState = Type.Object({
  replyId: Type.String(),
  eventId: Type.String(),
  status: ReplyStatus,
  /** With `failed`: the daemon's sealed reason, or null when it could not open the reply at all. */
  failure: Type.Union([Type.String(), Type.Null()]),
  /** With `failed` and no sealed reason: why, in plain words the relay may read. */
  error: Type.Union([Type.Literal('undecryptable_reply'), Type.Null()]),
});
export type ReplyState = Type.Static<typeof ReplyState>;

// The daemon's WebSocket (`GET /v1/daemon/link`, bearer daemon token): JSON text messages.

/** Relay → daemon. */
export const RelayToDaemon = Type.Union([
  Type.Object({
    type: Type.Literal('reply'),
    replyId: Type.String(),
    eventId: Type.String(),
    sealed: Type.String(),
  }),
  /** The relay stored a reply result: stop re-sending it. */
  Type.Object({ type: Type.Literal('reply-ack'), replyId: Type.String() }),
  Type.Object({ type: Type.Literal('settings'), requestId: Type.String(), sealed: Type.String() }),
]);
export type RelayToDaemon = Type.Static<typeof RelayToDaemon>;

/** Daemon → relay. */
export const DaemonToRelay = Type.Union([
  Type.Object({ type: Type.Literal('reply-received'), replyId: Type.String() }),
  Type.Object({
    type: Type.Literal('reply-result'),
    replyId: Type.String(),
    status: Type.Union([Type.Literal('delivered'), Type.Literal('failed')]),
    failure: Type.Optional(Type.String()),
    error: Type.Optional(Type.Literal('undecryptable_reply')),
  }),
  Type.Object({ type: Type.Literal('settings-result'), requestId: Type.String(), sealed: Type.String() }),
]);
export type DaemonToRelay = Type.Static<typeof DaemonToRelay>;
