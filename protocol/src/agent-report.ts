import { Type } from 'typebox';

/** The coding agents whose Stop hook reports to the daemon, as named on the wire. */
export const AgentSource = Type.Union([Type.Literal('claude-code'), Type.Literal('codex')]);
export type AgentSource = Type.Static<typeof AgentSource>;

/** Every source the relay sees in plaintext: the two agents and the tracker. */
export const EventSource = Type.Union([
  Type.Literal('claude-code'),
  Type.Literal('codex'),
  Type.Literal('tracker'),
]);
export type EventSource = Type.Static<typeof EventSource>;

/** `POST /report` bodies are at most about 0.8 MB. */
export const REPORT_BODY_LIMIT_BYTES = 800 * 1024;

/**
 * The body of `POST /report`: the Stop payload both agents send, exactly as the spec lists it
 * (Agent report). Agents add fields of their own (`hook_event_name`, `permission_mode`, `model`,
 * `turn_id`, …): they are accepted and take no part in validation.
 */
export const StopPayload = Type.Object(
  {
    session_id: Type.String({ minLength: 1, maxLength: 256 }),
    cwd: Type.String({ minLength: 1, maxLength: 4096 }),
    // Codex sends null when a thread has no transcript file.
    transcript_path: Type.Optional(Type.Union([Type.String({ maxLength: 4096 }), Type.Null()])),
    stop_hook_active: Type.Optional(Type.Boolean()),
    last_assistant_message: Type.String({ minLength: 1 }),
    /** The agent's own field, never a reason to refuse a report: see `PermissionMode`. */
    permission_mode: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);
export type StopPayload = Type.Static<typeof StopPayload>;

/**
 * `POST /report?agent=claude-code|codex`: which agent's hook sent the payload. The name travels
 * beside the payload so that the payload stays the agent's own; a bare payload is Claude Code's.
 */
export const ReportQuery = Type.Object({ agent: Type.Optional(AgentSource) });
export type ReportQuery = Type.Static<typeof ReportQuery>;

/**
 * The session's permission mode as both agents' payloads carry it (`default`, `acceptEdits`,
 * `plan`, `dontAsk`, `bypassPermissions` today), kept so that a reply can resume the session the
 * same way. It may end up as a command-line argument, hence a plain word and nothing else.
 */
export const PermissionMode = Type.String({
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z][A-Za-z0-9_-]*$',
});
export type PermissionMode = Type.Static<typeof PermissionMode>;

/** A report as the daemon takes it in: the payload's fields it uses and the agent that sent it. */
export const AgentReport = Type.Object({
  source: AgentSource,
  session_id: Type.String({ minLength: 1, maxLength: 256 }),
  cwd: Type.String({ minLength: 1, maxLength: 4096 }),
  transcript_path: Type.Optional(Type.String({ maxLength: 4096 })),
  stop_hook_active: Type.Optional(Type.Boolean()),
  last_assistant_message: Type.String({ minLength: 1 }),
  permission_mode: Type.Optional(PermissionMode),
});
export type AgentReport = Type.Static<typeof AgentReport>;

/** `202` answer of `POST /report`: the report is durable, the brief does not exist yet. */
export const ReportAccepted = Type.Object({ accepted: Type.Literal(true) });
export type ReportAccepted = Type.Static<typeof ReportAccepted>;
