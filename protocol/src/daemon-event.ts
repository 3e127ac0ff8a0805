import { Type } from 'typebox';
import { AgentSource } from './agent-report';
import { Brief } from './brief';

/** The report as the app shows it, inside the sealed event. */
export const SealedReport = Type.Object({
  source: AgentSource,
  sessionId: Type.String(),
  cwd: Type.String(),
  /** The agent's final reply, in full. */
  text: Type.String(),
});
export type SealedReport = Type.Static<typeof SealedReport>;

/**
 * What the daemon seals for one local agent report. AAD `ringback:report:v1:<eventId>`
 * binds it to its event so a relay cannot swap one sealed report into another call.
 */
export const AgentEventPlaintext = Type.Object({
  eventId: Type.String(),
  occurredAt: Type.String(),
  report: SealedReport,
  brief: Brief,
});
export type AgentEventPlaintext = Type.Static<typeof AgentEventPlaintext>;

/**
 * `POST {server}/v1/daemon/events` (daemon → relay): one local agent report.
 * Only `eventId`, `source` and `occurredAt` are readable by the relay; the rest is `sealed`.
 * Every retry of one outbox entry carries the same `eventId` (UUIDv7).
 */
export const DaemonEventBody = Type.Object({
  eventId: Type.String({ minLength: 1, maxLength: 64 }),
  source: AgentSource,
  occurredAt: Type.String({ format: 'date-time' }),
  sealed: Type.String({ minLength: 1 }),
});
export type DaemonEventBody = Type.Static<typeof DaemonEventBody>;
