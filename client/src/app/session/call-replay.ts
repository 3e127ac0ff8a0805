import { briefWithFormOfAddress } from '../../format';
import type { CallRecord } from '../../storage';
import type { OpenedEvent } from './open-event';

/** A past call from history as the player needs it, with the form of address as it reads now. */
export function openedFromHistory(record: CallRecord, formOfAddress: string): OpenedEvent {
  const brief = record.brief ?? {
    status: 'failed' as const,
    language: 'en-US',
    reason: 'no brief was kept for this call',
    llmCalls: 0,
  };
  return {
    eventId: record.eventId,
    occurredAt: Date.parse(record.occurredAt),
    receivedAt: Date.parse(record.receivedAt),
    // Tracker calls replay the same way; the history record keeps the whole report either way.
    plaintext: {
      eventId: record.eventId,
      occurredAt: record.occurredAt,
      report: record.report as OpenedEvent['plaintext']['report'],
      brief,
    },
    brief: briefWithFormOfAddress(brief, formOfAddress),
    ...(record.permission ? { permission: record.permission.request } : {}),
  };
}
