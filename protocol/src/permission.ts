import { Type } from 'typebox';
import { AgentSource } from './agent-report';

// Permission calls: an agent waits on a permission prompt, the phone rings, and the user's allow
// or deny reaches the waiting hook. The request travels as an event (`POST /v1/daemon/events`,
// sealed with `Aad.report(eventId)` like a report, so the relay cannot tell the two apart); the
// decision travels as a reply (`POST /v1/events/:eventId/replies`) sealed with
// `Aad.permissionDecision(eventId, requestId)`, so it opens only for the request it answers.

/** What the agent asks to do, as the call shows and says it. */
export const PermissionAction = Type.Union([
  /** Run a shell command: `subject` is the command in full. */
  Type.Literal('command'),
  /** Write or edit a file: `subject` is its path. */
  Type.Literal('file'),
  /** Reach the network: `subject` is the domain or URL. */
  Type.Literal('network'),
  /** Any other tool: `subject` is the tool's input in short. */
  Type.Literal('tool'),
]);
export type PermissionAction = Type.Static<typeof PermissionAction>;

const Text = (maxLength: number) => Type.String({ maxLength });
/** `paddedJson`'s filler: spaces only, never more than a bucket's worth. */
const Padding = Type.String({ maxLength: 2048, pattern: '^ *$' });

/** One permission request as the hook read it from the agent. */
export const PermissionRequestDetails = Type.Object({
  source: AgentSource,
  sessionId: Text(256),
  cwd: Text(4096),
  /** The agent's tool name (`Bash`, `Write`, `WebFetch`, `mcp__server__tool`). */
  toolName: Text(200),
  action: PermissionAction,
  /** The command, file, domain or tool input in question, in full (cut at 16 kB). */
  subject: Text(16 * 1024),
  /** The agent's own words about it (Claude's `description`, Codex's justification), if any. */
  description: Type.Union([Text(4096), Type.Null()]),
  /** A session Ringback resumed after a reply from the phone: nobody is at its terminal. */
  resumed: Type.Boolean(),
  /**
   * For a file (`action: "file"`): the change an allow lets the agent make, as the phone shows it.
   * A new file's whole content; an edit's removed lines marked `- ` and added lines `+ ` (after a
   * line `@@ every occurrence @@` when every occurrence changes), several edits separated by an
   * empty line; a notebook edit as a line naming the cell (`@@ replace cell <id> @@`, `@@ insert a
   * cell after <id> @@`, `@@ delete cell <id> @@`), then its new source. Cut at 16 kB (the request
   * is then not complete). Absent for other actions, and for a file request whose change the hook
   * cannot read whole, a field it does not know among them (then not complete either).
   */
  change: Type.Optional(Text(16 * 1024)),
  /**
   * For a network request (`action: "network"`): the command that wants to reach `subject`, in
   * full (cut at 16 kB: the request is then not complete). An allow lets it reach there (Codex
   * names the command of its network approvals). Absent when no one command owns the request, and
   * for other actions.
   */
  command: Type.Optional(Text(16 * 1024)),
  /**
   * `false` when what the call shows is not the whole request: a field was cut to its limit, or
   * the subject was inferred from other fields. Such a request may only be denied from a phone
   * (the daemon refuses an allow): the user never saw all of what an allow would let run. Absent
   * means complete.
   */
  complete: Type.Optional(Type.Boolean()),
});
export type PermissionRequestDetails = Type.Static<typeof PermissionRequestDetails>;

/**
 * What the daemon seals for one permission request (AAD `Aad.report(eventId)`). `kind` tells it
 * from a report (`AgentEventPlaintext` has none).
 */
export const PermissionEventPlaintext = Type.Object({
  kind: Type.Literal('permission'),
  eventId: Type.String(),
  /** Random, named in the decision's AAD. */
  requestId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  occurredAt: Type.String(),
  /** When the hook stops waiting and the agent's own prompt takes over (ISO time). */
  expiresAt: Type.String(),
  /**
   * The computer that waits: its relay device id and name. A call that device ended itself
   * (`handledBy` is this device) was answered at the computer, or the wait ran out.
   */
  computer: Type.Object({ deviceId: Type.String(), name: Type.String() }),
  /** The brief language in force on the computer: the language the call is spoken in. */
  language: Type.String(),
  request: PermissionRequestDetails,
});
export type PermissionEventPlaintext = Type.Static<typeof PermissionEventPlaintext>;

export const PermissionBehavior = Type.Union([Type.Literal('allow'), Type.Literal('deny')]);
export type PermissionBehavior = Type.Static<typeof PermissionBehavior>;

/**
 * An app's decision (AAD `Aad.permissionDecision(eventId, requestId)`), posted as the call's
 * reply. `message` is the deny's words for the agent; an allow carries none.
 */
export const PermissionDecisionPlaintext = Type.Object({
  kind: Type.Literal('permission-decision'),
  eventId: Type.String(),
  requestId: Type.String(),
  behavior: PermissionBehavior,
  message: Type.Optional(Type.String({ maxLength: 4000 })),
  /** How it was given: a tap, or words heard and (for allow) confirmed by a tap. */
  via: Type.Union([Type.Literal('tap'), Type.Literal('voice')]),
  /** The deciding device's name, for the computer's log and history. */
  deviceName: Type.String({ maxLength: 80 }),
  /** When the device sealed it (ms since the epoch). */
  decidedAt: Type.Integer({ minimum: 0 }),
  /** Spaces to a fixed size (`paddedJson`), so allow and deny seal to the same length. */
  padding: Type.Optional(Padding),
});
export type PermissionDecisionPlaintext = Type.Static<typeof PermissionDecisionPlaintext>;

/**
 * What the computer tells every device of the account once a decision reached the waiting hook:
 * sealed by the daemon as the delivered reply's `outcome` (AAD `Aad.replyOutcome(replyId)`), so a
 * device that did not decide can say "Allowed on Phone" where the relay's status says only
 * "Answered on Phone". The relay never reads it.
 */
export const PermissionOutcomePlaintext = Type.Object({
  kind: Type.Literal('permission-outcome'),
  eventId: Type.String(),
  behavior: PermissionBehavior,
  /** The deciding device's name, as its decision gave it. */
  deviceName: Type.String({ maxLength: 80 }),
  /** When that device decided (ms since the epoch), as its decision gave it. */
  decidedAt: Type.Integer({ minimum: 0 }),
  /** Spaces to a fixed size (`paddedJson`), so "Allowed" and "Denied" seal to the same length. */
  padding: Type.Optional(Padding),
});
export type PermissionOutcomePlaintext = Type.Static<typeof PermissionOutcomePlaintext>;

/** How long a hook waits for the phone by default, and the bounds of the setting. */
export const PERMISSION_WAIT_DEFAULT_SECONDS = 600;
export const PERMISSION_WAIT_MIN_SECONDS = 30;
export const PERMISSION_WAIT_MAX_SECONDS = 3600;
/** Idle time under which the user counts as at the computer, by default. */
export const PERMISSION_IDLE_DEFAULT_SECONDS = 60;
