import type { Brief, EventReport, EventSource } from '@ringback/protocol';

/**
 * One outbox entry's report text and, once generated, its brief. Kept out of `outbox.json`
 * (in `outbox/segment-*.json`) so the cost of each outbox.json write does not grow with
 * report sizes.
 */
export interface EntryPayload {
  version: 1;
  eventId: string;
  source: EventSource;
  occurredAt: string;
  /** A local agent's turn, or a finished tracker task (whose `taskId` the relay reads). */
  report: EventReport;
  brief?: Brief;
}

/** Checks a payload read from disk; throws when it is not one. */
export function toEntryPayload(value: unknown): EntryPayload {
  const payload = value as Partial<EntryPayload> | null;
  if (
    payload?.version !== 1 ||
    typeof payload.eventId !== 'string' ||
    typeof payload.report?.text !== 'string'
  ) {
    throw new Error('not an outbox entry payload');
  }
  return payload as EntryPayload;
}
