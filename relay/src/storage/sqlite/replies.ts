import type {
  InsertReplyResult,
  ReplyRecord,
  ReplyStatus,
  ReplyStore,
  ReplyUpdateResult,
} from '../relay-store';
import {
  answeredBy,
  type EventAnswerer,
  isFinalReply,
  iso,
  REPLY_COLUMNS,
  type ReplyChange,
  type ReplyRow,
  resultChange,
  resultNote,
  toReply,
} from '../store-rows';
import type { SqliteContext } from './context';
import type { AppendLog } from './stream-log';

/** Replies on their way to a daemon; every change is a `reply` frame of the account's log. */
export function sqliteReplies({ db, commit, now }: SqliteContext, appendLog: AppendLog): ReplyStore {
  const s = {
    byKey: db.prepare<[string, string], ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies WHERE account_id = ? AND reply_id = ?`,
    ),
    liveDevice: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    eventSender: db.prepare<[string, string], EventAnswerer>(
      'SELECT from_device_id, status, handled_by FROM events WHERE account_id = ? AND event_id = ?',
    ),
    insert: db.prepare<[string, string, string, string, string, string, number, number]>(
      `INSERT INTO replies (account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
    ),
    waiting: db.prepare<[string, number], ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies WHERE to_device_id = ? AND status IN ('queued', 'dispatched')
       ORDER BY created_at, rowid LIMIT ?`,
    ),
    update: db.prepare<[ReplyStatus, string | null, string | null, number, string, string]>(
      'UPDATE replies SET status = ?, sealed = ?, failure = ?, updated_at = ? WHERE account_id = ? AND reply_id = ?',
    ),
  };

  /** Moves a reply on when `next` says so. */
  const updateReply = (
    accountId: string,
    replyId: string,
    next: (current: ReplyRecord) => ReplyChange | null,
  ): Promise<ReplyUpdateResult> => {
    const at = now();
    return commit.write((): ReplyUpdateResult => {
      const row = s.byKey.get(accountId, replyId);
      if (!row) return { outcome: 'not_found' };
      const current = toReply(row);
      const change = next(current);
      if (!change) return { outcome: 'unchanged', reply: current };
      s.update.run(change.status, change.sealed, resultNote(change), at, accountId, replyId);
      const log = appendLog(accountId, 'reply', current.eventId, at, replyId);
      return { outcome: 'changed', reply: { ...current, ...change, updatedAt: iso(at) }, log };
    });
  };

  return {
    async insertReply(reply) {
      const at = now();
      return commit.write((): InsertReplyResult => {
        const original = s.byKey.get(reply.accountId, reply.replyId);
        if (original) return { outcome: 'repeat', reply: toReply(original) };
        if (!s.liveDevice.get(reply.fromDeviceId, reply.accountId)) return { outcome: 'device_gone' };
        const event = s.eventSender.get(reply.accountId, reply.eventId);
        if (!event) return { outcome: 'event_not_found' };
        if (!answeredBy(event, reply.fromDeviceId))
          return { outcome: 'not_answerer', handledBy: event.handled_by };
        const { accountId, replyId, eventId, fromDeviceId, sealed } = reply;
        s.insert.run(accountId, replyId, eventId, fromDeviceId, event.from_device_id, sealed, at, at);
        const log = appendLog(accountId, 'reply', eventId, at, replyId);
        return { outcome: 'created', reply: toReply(s.byKey.get(accountId, replyId) as ReplyRow), log };
      });
    },
    async repliesFor(toDeviceId, limit) {
      if (!(limit > 0)) return [];
      return s.waiting.all(toDeviceId, Math.floor(limit)).map(toReply);
    },
    async markReplyDispatched(accountId, replyId) {
      return updateReply(accountId, replyId, (current) =>
        current.status === 'queued'
          ? { status: 'dispatched', sealed: current.sealed, failure: null, outcome: null }
          : null,
      );
    },
    async setReplyResult(accountId, replyId, result) {
      return updateReply(accountId, replyId, (current) =>
        isFinalReply(current) ? null : resultChange(result),
      );
    },
    async getReply(accountId, replyId) {
      const row = s.byKey.get(accountId, replyId);
      return row ? toReply(row) : null;
    },
  };
}
