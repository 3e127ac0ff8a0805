import type { CallStatus, HandledBy, ReplyStatus } from '@ringback/protocol';
import type { CallRecord, SentReply } from './call-record';
import type { KeyValueStore } from './key-value-store';
import { callKey } from './keys';
import { writeMakingRoom } from './make-room';
import { readCallAt, storedCallsOldestFirst } from './stored-calls';

/** The spec's limit on `ringback.call.*` records. */
export const MAX_CALL_HISTORY = 100;

/**
 * Stores the whole call (written when it ends; writing it again replaces it). Keeps at most 100 records,
 * evicting the oldest first, and evicts more when the store is full. The record just written is never
 * the one evicted. Returns false when it could not be stored at all.
 */
export function saveHistory(store: KeyValueStore, record: CallRecord): boolean {
  const key = callKey(record.eventId);
  if (!writeMakingRoom(store, key, JSON.stringify(record))) return false;
  const others = storedCallsOldestFirst(store).filter((call) => call.key !== key);
  const excess = others.length + 1 - MAX_CALL_HISTORY;
  for (const call of others.slice(0, Math.max(0, excess))) store.removeItem(call.key);
  return true;
}

export function readHistory(store: KeyValueStore, eventId: string): CallRecord | null {
  return readCallAt(store, callKey(eventId));
}

/** Every readable record, newest first. */
export function listHistory(store: KeyValueStore): CallRecord[] {
  return storedCallsOldestFirst(store)
    .map((call) => call.record)
    .filter((record): record is CallRecord => record !== null)
    .reverse();
}

export function removeHistory(store: KeyValueStore, eventId: string): void {
  store.removeItem(callKey(eventId));
}

/** A delivery status heard after the call was stored: only these fields may change. */
export interface StatusFields {
  status?: CallStatus;
  handledBy?: HandledBy | null;
  replies?: { replyId: string; status: ReplyStatus; failure?: string | null }[];
}

// Frames can arrive out of order (a reconnect replays older ones); a status never moves backwards.
const CALL_RANK: Record<CallStatus, number> = {
  pending: 0,
  answered: 1,
  rejected: 1,
  acknowledged: 1,
  completed: 2,
};
const REPLY_RANK: Record<ReplyStatus, number> = { queued: 0, dispatched: 1, delivered: 2, failed: 2 };

function mergeReply(reply: SentReply, update: NonNullable<StatusFields['replies']>[number]): SentReply {
  if (REPLY_RANK[update.status] < REPLY_RANK[reply.status]) return reply;
  const merged: SentReply = { replyId: reply.replyId, text: reply.text, status: update.status };
  if (update.status === 'failed') {
    const failure = update.failure ?? reply.failure;
    if (failure) merged.failure = failure;
  }
  return merged;
}

/**
 * Merges status fields into a stored record and nothing else: the report, brief, conversation and reply
 * texts stay as they were. Replies are matched by id; a reply this record never sent is ignored.
 * Returns the updated record, or null when there is no record for the event (or it could not be written).
 */
export function mergeStatus(store: KeyValueStore, eventId: string, fields: StatusFields): CallRecord | null {
  const record = readHistory(store, eventId);
  if (!record) return null;
  const next: CallRecord = { ...record };
  if (fields.status && CALL_RANK[fields.status] >= CALL_RANK[record.status]) next.status = fields.status;
  if (fields.handledBy !== undefined) next.handledBy = fields.handledBy;
  if (fields.replies) {
    const updates = fields.replies;
    next.replies = record.replies.map((reply) => {
      const update = updates.find((candidate) => candidate.replyId === reply.replyId);
      return update ? mergeReply(reply, update) : reply;
    });
  }
  return writeMakingRoom(store, callKey(eventId), JSON.stringify(next)) ? next : null;
}

/**
 * The call came back to `pending` because the device that answered it (`by`) left it unfinished:
 * the one move backwards a status makes. Returns the updated record, or null when there is none.
 */
export function markUnfinished(store: KeyValueStore, eventId: string, by: HandledBy): CallRecord | null {
  const record = readHistory(store, eventId);
  if (!record) return null;
  const next: CallRecord = { ...record, status: 'pending', handledBy: null, unfinishedBy: by };
  return writeMakingRoom(store, callKey(eventId), JSON.stringify(next)) ? next : null;
}

/** A tracker call's issue as the tracker has it now: what the calls page sorts and groups by. */
export interface IssueFields {
  priority: number;
  updatedAt: string;
  project: string | null;
}

/**
 * Stores an issue's current priority, update time and project on its call; nothing else changes.
 * Returns the updated record, or null when there is none (or it could not be written).
 */
export function mergeIssueFields(
  store: KeyValueStore,
  eventId: string,
  fields: IssueFields,
): CallRecord | null {
  const record = readHistory(store, eventId);
  if (!record) return null;
  const { project: _previous, ...rest } = record;
  const next: CallRecord = { ...rest, priority: fields.priority, updatedAt: fields.updatedAt };
  if (fields.project) next.project = fields.project;
  return writeMakingRoom(store, callKey(eventId), JSON.stringify(next)) ? next : null;
}
