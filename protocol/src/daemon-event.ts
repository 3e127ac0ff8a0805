import { Type } from 'typebox';
import { AgentSource } from './agent-report';
import { Brief } from './brief';

/** The report of a local agent's turn as the app shows it, inside the sealed event. */
export const SealedReport = Type.Object({
  source: AgentSource,
  sessionId: Type.String(),
  cwd: Type.String(),
  /** The agent's final reply, in full. */
  text: Type.String(),
});
export type SealedReport = Type.Static<typeof SealedReport>;

/** Multica's issue priorities, most urgent first (the calls page sorts by this order). */
export const TrackerPriority = Type.Union([
  Type.Literal('urgent'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
  Type.Literal('none'),
]);
export type TrackerPriority = Type.Static<typeof TrackerPriority>;

/**
 * A finished tracker agent task as the app shows it: the issue it worked on (identifier, title,
 * project, priority, last update, for sorting and the project tabs) and what the agent wrote
 * while running it. A reply to it becomes a comment on the issue.
 */
export const TrackerSealedReport = Type.Object({
  source: Type.Literal('tracker'),
  workspaceId: Type.String(),
  workspaceName: Type.String(),
  issueId: Type.String(),
  /** `ACME-42`. */
  identifier: Type.String(),
  title: Type.String(),
  projectId: Type.Union([Type.String(), Type.Null()]),
  /** The project's title; null for an issue in no project. */
  project: Type.Union([Type.String(), Type.Null()]),
  priority: TrackerPriority,
  /** ISO time of the issue's last activity (its update time when it has none). */
  updatedAt: Type.String(),
  agentId: Type.String(),
  agentName: Type.String(),
  taskId: Type.String(),
  /** The agent's comments posted during the task, oldest first, in full. */
  text: Type.String(),
});
export type TrackerSealedReport = Type.Static<typeof TrackerSealedReport>;

/** Either kind of report a call carries. */
export const EventReport = Type.Union([SealedReport, TrackerSealedReport]);
export type EventReport = Type.Static<typeof EventReport>;

/**
 * What the daemon seals for one report (a local agent's turn or a finished tracker task). AAD
 * `ringback:report:v1:<eventId>` binds it to its event so a relay cannot swap one sealed report
 * into another call.
 */
export const AgentEventPlaintext = Type.Object({
  eventId: Type.String(),
  occurredAt: Type.String(),
  report: EventReport,
  brief: Brief,
});
export type AgentEventPlaintext = Type.Static<typeof AgentEventPlaintext>;

/**
 * `POST {server}/v1/daemon/events` (daemon → relay): one local agent report.
 * Only `eventId`, `source` and `occurredAt` are readable by the relay; the rest is `sealed`.
 * Every retry of one outbox entry carries the same `eventId` (UUIDv7).
 */
export const DaemonEventBody = Type.Object({
  // Letters, digits, `-` and `_` only: a UUIDv7 is that, and the id travels in every push, whose
  // padded size (PUSH_WAKE_BYTES) 64 emoji or escaped control characters would overflow.
  eventId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  source: AgentSource,
  occurredAt: Type.String({ format: 'date-time' }),
  sealed: Type.String({ minLength: 1 }),
});
export type DaemonEventBody = Type.Static<typeof DaemonEventBody>;
