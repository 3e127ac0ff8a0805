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
 * The Stop payload both agents send, as the hook forwards it to `POST /report`.
 * The hook adds `source`; newer agents add fields we do not read, which are accepted.
 */
export const AgentReport = Type.Object(
  {
    source: AgentSource,
    session_id: Type.String({ minLength: 1, maxLength: 256 }),
    cwd: Type.String({ minLength: 1, maxLength: 4096 }),
    transcript_path: Type.Optional(Type.String({ maxLength: 4096 })),
    stop_hook_active: Type.Optional(Type.Boolean()),
    last_assistant_message: Type.String({ minLength: 1 }),
  },
  { additionalProperties: true },
);
export type AgentReport = Type.Static<typeof AgentReport>;

/** `202` answer of `POST /report`: the report is durable, the brief does not exist yet. */
export const ReportAccepted = Type.Object({ accepted: Type.Literal(true) });
export type ReportAccepted = Type.Static<typeof ReportAccepted>;
