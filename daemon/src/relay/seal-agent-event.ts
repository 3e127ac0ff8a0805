import {
  Aad,
  type AgentEventPlaintext,
  type DaemonEventBody,
  seal,
  type TrackerReportBody,
} from '@ringback/protocol';
import type { EntryPayload } from '../outbox/entry-payload';

/** Where a sealed report goes: a local agent's turn, or a finished tracker task (its id readable). */
export type SealedDelivery =
  | { path: '/v1/daemon/events'; body: DaemonEventBody }
  | { path: '/v1/daemon/tracker-reports'; body: TrackerReportBody };

/**
 * Seals report and brief for the relay. Only event id, source, time and (for a tracker task) the
 * task id stay readable; the AAD names the event, so a relay cannot pass one sealed report off as
 * another call. The task id is readable so one task rings only once per account.
 */
export async function sealAgentEvent(payload: EntryPayload, key: string): Promise<SealedDelivery> {
  if (!payload.brief) throw new Error(`entry ${payload.eventId} has no brief to deliver`);
  if (payload.source === undefined) throw new Error(`entry ${payload.eventId} has no source`);
  const plaintext: AgentEventPlaintext = {
    eventId: payload.eventId,
    occurredAt: payload.occurredAt,
    report: payload.report,
    brief: payload.brief,
  };
  const sealed = await seal(key, JSON.stringify(plaintext), Aad.report(payload.eventId));
  const { eventId, occurredAt, report } = payload;
  if (report.source === 'tracker') {
    return {
      path: '/v1/daemon/tracker-reports',
      body: { eventId, source: 'tracker', occurredAt, taskId: report.taskId, sealed },
    };
  }
  return { path: '/v1/daemon/events', body: { eventId, source: report.source, occurredAt, sealed } };
}
