import type { CallStatus, HandledBy } from '@ringback/protocol';
import type { CallRecord } from '../../storage';
import { TRACKER_PRIORITY_RANK } from '../tracker-priority';
import type { OpenedEvent } from './open-event';

/** The whole event as it rang (brief with its placeholder), ready for `ringback.call.<eventId>`. */
export function historyRecordOf(
  event: OpenedEvent,
  status: { status: CallStatus; handledBy: HandledBy | null },
): CallRecord {
  const { report, brief } = event.plaintext;
  const record: CallRecord = {
    eventId: event.eventId,
    occurredAt: new Date(event.occurredAt).toISOString(),
    receivedAt: new Date(event.receivedAt).toISOString(),
    status: status.status,
    handledBy: status.handledBy,
    source: report.source,
    report,
    brief,
    conversation: [],
    decisions: [],
    replies: [],
  };
  if (event.permission) record.permission = { request: event.permission };
  // A tracker call sorts by its issue's priority and update time, and goes under its project's tab.
  if (report.source === 'tracker') {
    record.priority = TRACKER_PRIORITY_RANK[report.priority];
    record.updatedAt = report.updatedAt;
    if (report.project) record.project = report.project;
  }
  return record;
}
