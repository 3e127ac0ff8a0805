import { Aad, type AgentEventPlaintext, type DaemonEventBody, seal } from '@ringback/protocol';
import type { EntryPayload } from '../outbox/entry-payload';

/**
 * Seals report and brief for the relay. Only event id, source and time stay readable; the AAD
 * names the event, so a relay cannot pass one sealed report off as another call.
 */
export async function sealAgentEvent(payload: EntryPayload, key: string): Promise<DaemonEventBody> {
  if (!payload.brief) throw new Error(`entry ${payload.eventId} has no brief to deliver`);
  if (payload.source === undefined) throw new Error(`entry ${payload.eventId} has no source`);
  const plaintext: AgentEventPlaintext = {
    eventId: payload.eventId,
    occurredAt: payload.occurredAt,
    report: payload.report,
    brief: payload.brief,
  };
  return {
    eventId: payload.eventId,
    source: payload.source,
    occurredAt: payload.occurredAt,
    sealed: await seal(key, JSON.stringify(plaintext), Aad.report(payload.eventId)),
  };
}
