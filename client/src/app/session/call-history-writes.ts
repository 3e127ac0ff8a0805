import type { InCallOutput } from '@ringback/machines';
import type { CallStatus, HandledBy } from '@ringback/protocol';
import {
  forgetAnswered,
  type KeyValueStore,
  markAnswered,
  markUnfinished,
  mergeStatus,
  readHistory,
  saveDeclineWithoutWords,
  saveHistory,
} from '../../storage';
import { historyRecordOf } from './history-record';
import type { OpenedEvent } from './open-event';

/**
 * What the session writes to call history (`ringback.call.<eventId>`), one function per moment of
 * a call. Each returns whether history changed, so lists know to read it again.
 */

/** Answered here: the whole event, with the time it was answered; it never rings here again. */
export function recordAnswered(store: KeyValueStore, event: OpenedEvent, answeredAt: number): boolean {
  markAnswered(store, event.eventId);
  return saveHistory(store, {
    ...historyRecordOf(event, { status: 'answered', handledBy: null }),
    callTime: new Date(answeredAt).toISOString(),
  });
}

/** Hung up here: the conversation and the decisions taken. */
export function recordCallEnd(store: KeyValueStore, eventId: string, output: InCallOutput): boolean {
  const record = readHistory(store, eventId);
  if (!record) return false;
  return saveHistory(store, {
    ...record,
    status: 'completed',
    conversation: [...output.conversation],
    decisions: output.decisions
      .filter((decision) => decision.answer !== null)
      .map((decision) => ({ question: decision.question, answer: decision.answer ?? '' })),
  });
}

/** Declined or acknowledged here without answering: kept as this device's, with the whole event. */
export function recordEndedHere(
  store: KeyValueStore,
  eventId: string,
  event: OpenedEvent | undefined,
  status: CallStatus,
): boolean {
  if (readHistory(store, eventId)) return mergeStatus(store, eventId, { status, handledBy: null }) !== null;
  return event ? saveHistory(store, historyRecordOf(event, { status, handledBy: null })) : false;
}

/**
 * Declined here from the notification, without the call's words (the worker could not fetch it
 * first, or it does not open): a "Declined" row from the notification's line and the time, unless
 * history already keeps the whole call.
 */
export function recordDeclinedWithoutWords(
  store: KeyValueStore,
  decline: { eventId: string; declinedAt: number; line?: string },
): boolean {
  if (readHistory(store, decline.eventId))
    return recordEndedHere(store, decline.eventId, undefined, 'rejected');
  return saveDeclineWithoutWords(store, {
    eventId: decline.eventId,
    declinedAt: new Date(decline.declinedAt).toISOString(),
    ...(decline.line ? { line: decline.line } : {}),
  });
}

/** Answered, declined or acknowledged on another device (or it won the answer race). */
export function recordEndedElsewhere(
  store: KeyValueStore,
  eventId: string,
  event: OpenedEvent | undefined,
  change: { status: CallStatus; handledBy: HandledBy | null },
): boolean {
  if (readHistory(store, eventId)) return mergeStatus(store, eventId, change) !== null;
  return event ? saveHistory(store, historyRecordOf(event, change)) : false;
}

/**
 * Returned unfinished by the device that answered it (`by`): pending again, history says who left
 * it, and it may be answered here again (its id leaves `ringback.answered`).
 */
export function recordReturned(store: KeyValueStore, event: OpenedEvent, by: HandledBy): boolean {
  forgetAnswered(store, event.eventId);
  if (markUnfinished(store, event.eventId, by)) return true;
  return saveHistory(store, {
    ...historyRecordOf(event, { status: 'pending', handledBy: null }),
    unfinishedBy: by,
  });
}

/** A reply the relay took: its words, kept beside the call. */
export function recordReplySent(
  store: KeyValueStore,
  eventId: string,
  replyId: string,
  text: string,
): boolean {
  const record = readHistory(store, eventId);
  if (!record || record.replies.some((sent) => sent.replyId === replyId)) return false;
  return saveHistory(store, { ...record, replies: [...record.replies, { replyId, text, status: 'queued' }] });
}
