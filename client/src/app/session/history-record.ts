import type { CallStatus, HandledBy } from '@ringback/protocol';
import type { CallRecord } from '../../storage';
import type { OpenedEvent } from './open-event';

/** The whole event as it rang (brief with its placeholder), ready for `ringback.call.<eventId>`. */
export function historyRecordOf(
  event: OpenedEvent,
  status: { status: CallStatus; handledBy: HandledBy | null },
): CallRecord {
  const { report, brief } = event.plaintext;
  return {
    eventId: event.eventId,
    occurredAt: new Date(event.occurredAt).toISOString(),
    receivedAt: new Date(event.receivedAt).toISOString(),
    status: status.status,
    handledBy: status.handledBy,
    source: report.source,
    report: { text: report.text, cwd: report.cwd, sessionId: report.sessionId, source: report.source },
    brief,
    conversation: [],
    decisions: [],
    replies: [],
  };
}
