import { Type } from 'typebox';
import { AgentSource } from './agent-report';
import { ComputerLinkDown, ComputerLinkUp } from './computer-requests';

const ReplyId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Sealed = Type.String({ minLength: 1, maxLength: 256 * 1024, pattern: '^e1\\.' });

const ReplyText = Type.String({ minLength: 1, maxLength: 32_000 });

/**
 * What an app seals after hang-up (AAD `ringback:reply:v1:<eventId>`): the words for the agent
 * and which session they continue. The daemon resumes only sessions it recorded itself.
 */
export const AgentReplyPlaintext = Type.Object({
  eventId: Type.String(),
  source: AgentSource,
  sessionId: Type.String({ minLength: 1, maxLength: 200 }),
  text: ReplyText,
});
export type AgentReplyPlaintext = Type.Static<typeof AgentReplyPlaintext>;

/**
 * A reply to a tracker call: posted as a comment on the issue (the assigned agent picks it up),
 * only in a workspace this computer watches.
 */
export const TrackerReplyPlaintext = Type.Object({
  eventId: Type.String(),
  source: Type.Literal('tracker'),
  workspaceId: Type.String({ minLength: 1, maxLength: 64 }),
  issueId: Type.String({ minLength: 1, maxLength: 64 }),
  text: ReplyText,
});
export type TrackerReplyPlaintext = Type.Static<typeof TrackerReplyPlaintext>;

export const ReplyPlaintext = Type.Union([AgentReplyPlaintext, TrackerReplyPlaintext]);
export type ReplyPlaintext = Type.Static<typeof ReplyPlaintext>;

/**
 * Why a failed reply failed, when the app should treat it apart from a plain failure:
 * `may_have_run`: the computer stopped (crash, restart) after it started the agent on the reply
 * and before it learnt how the start went. The agent may have acted on the reply; it was not
 * started again, so sending the same words again could run them twice.
 * `too_late`: a permission decision reached the computer after the hook stopped waiting (the
 * agent's own prompt is showing at the computer).
 * `already_decided`: another decision of this permission request reached the computer first.
 * `incomplete`: an allow for a permission request the phone could not show whole (cut or
 * inferred): refused, the hook gave no decision and the agent's own prompt is showing at the computer.
 */
export const ReplyFailureCode = Type.Union([
  Type.Literal('may_have_run'),
  Type.Literal('too_late'),
  Type.Literal('already_decided'),
  Type.Literal('incomplete'),
]);
export type ReplyFailureCode = Type.Static<typeof ReplyFailureCode>;

/**
 * A failed reply's reason, sealed by the daemon (AAD `ringback:reply-error:v1:<replyId>`).
 * Without `code` the agent was not run on the reply.
 */
export const ReplyFailurePlaintext = Type.Object({
  reason: Type.String(),
  code: Type.Optional(ReplyFailureCode),
});
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
  /**
   * With `delivered`: what became of it, sealed by the daemon (AAD `Aad.replyOutcome(replyId)`),
   * for the account's other devices (a permission decision's `PermissionOutcomePlaintext`); null or
   * absent when the daemon said nothing more (an agent's reply, or an older daemon or relay).
   */
  outcome: Type.Optional(Type.Union([Type.String(), Type.Null()])),
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
  ...ComputerLinkDown,
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
    /** With `delivered`: the sealed outcome (`ReplyState.outcome`), when there is one to tell. */
    outcome: Type.Optional(Type.String()),
  }),
  Type.Object({
    type: Type.Literal('settings-result'),
    requestId: Type.String(),
    /** The sealed `SettingsResultPlaintext`; absent when the request could not be opened. */
    sealed: Type.Optional(Type.String()),
    error: Type.Optional(Type.Literal('undecryptable_request')),
  }),
  ...ComputerLinkUp,
]);
export type DaemonToRelay = Type.Static<typeof DaemonToRelay>;

// Relayed settings: `POST /v1/devices/:deviceId/settings` (an app, for a phone without a local
// daemon). The relay forwards the sealed request over the daemon's link and returns its answer.

const RequestId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/**
 * A sealed settings request's largest size: room for one dispatch image (converted on the phone to
 * a JPEG of at most 2048 px, or an original under 1.5 MB) after base64 and sealing.
 */
export const SETTINGS_REQUEST_SEALED_MAX = 12 * 1024 * 1024;

export const SettingsRequestBody = Type.Object(
  {
    requestId: RequestId,
    sealed: Type.String({ minLength: 1, maxLength: SETTINGS_REQUEST_SEALED_MAX, pattern: '^e1\\.' }),
  },
  { additionalProperties: false },
);
export type SettingsRequestBody = Type.Static<typeof SettingsRequestBody>;

export const SettingsResponse = Type.Object({ requestId: Type.String(), sealed: Type.String() });
export type SettingsResponse = Type.Static<typeof SettingsResponse>;

/**
 * Sealed with AAD `ringback:settings-request:v2:<daemonDeviceId>:<requestId>`: a local API call to
 * run, on the computer it names only. The daemon runs it only if the route the path reaches is
 * declared relayable, whatever its spelling; it refuses a requestId it has run before and an
 * `issuedAt` more than 5 minutes from its clock, so a relay can no more repeat a request, here or
 * on another computer, than read it.
 */
export const SettingsRequestPlaintext = Type.Object({
  method: Type.Union([
    Type.Literal('GET'),
    Type.Literal('PUT'),
    Type.Literal('POST'),
    Type.Literal('DELETE'),
  ]),
  path: Type.String({ minLength: 1, maxLength: 500 }),
  body: Type.Optional(Type.Unknown()),
  /** When the device sealed it (ms since the epoch). */
  issuedAt: Type.Integer({ minimum: 0 }),
});
export type SettingsRequestPlaintext = Type.Static<typeof SettingsRequestPlaintext>;

/** Sealed with AAD `ringback:settings-result:v1:<requestId>`: the local API's answer. */
export const SettingsResultPlaintext = Type.Object({ status: Type.Number(), body: Type.Unknown() });
export type SettingsResultPlaintext = Type.Static<typeof SettingsResultPlaintext>;
