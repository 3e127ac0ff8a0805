import type { AgentSource, Brief, SealedReport } from '@ringback/protocol';

/**
 * `outbox/<eventId>.json`: the report text and, once generated, its brief. Kept out of
 * `outbox.json` so the cost of each outbox write does not grow with report sizes.
 */
export interface EntryPayload {
  version: 1;
  eventId: string;
  source: AgentSource;
  occurredAt: string;
  report: SealedReport;
  brief?: Brief;
}

/** Event ids are UUIDv7: anything else found in the entries folder is not ours. */
const PAYLOAD_FILE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.json$/;

export function payloadFileName(eventId: string): string {
  if (!PAYLOAD_FILE.test(`${eventId}.json`)) throw new Error(`not an event id: ${eventId}`);
  return `${eventId}.json`;
}

export function eventIdOfPayloadFile(name: string): string | null {
  return PAYLOAD_FILE.exec(name)?.[1] ?? null;
}

export function parseEntryPayload(text: string): EntryPayload {
  const value = JSON.parse(text) as Partial<EntryPayload>;
  if (value?.version !== 1 || typeof value.eventId !== 'string' || typeof value.report?.text !== 'string') {
    throw new Error('not an outbox entry payload');
  }
  return value as EntryPayload;
}
