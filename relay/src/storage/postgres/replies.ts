import { CHANNELS } from '../../cluster/channels';
import type { InsertReplyResult, ReplyRecord, ReplyStore, ReplyUpdateResult } from '../relay-store';
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
import type { PostgresContext, Sql } from './context';
import { liveDevice } from './devices';
import { notify } from './notify';
import type { AppendLog } from './stream-log';

/** Replies on their way to a daemon; every change is a `reply` frame of the account's log. */
export function postgresReplies(
  { sql: db, now, transaction }: PostgresContext,
  appendLog: AppendLog,
): ReplyStore {
  const byKey = async (sql: Sql, accountId: string, replyId: string, lock = '') => {
    const { rows } = await sql.query<ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies WHERE account_id = $1 AND reply_id = $2 ${lock}`,
      [accountId, replyId],
    );
    return rows[0];
  };

  /** Moves a reply on when `next` says so. */
  const updateReply = (
    accountId: string,
    replyId: string,
    next: (current: ReplyRecord) => ReplyChange | null,
  ): Promise<ReplyUpdateResult> => {
    const at = now();
    return transaction(async (sql): Promise<ReplyUpdateResult> => {
      // Locked, so of two results arriving at once (two links of a daemon) the first wins.
      const row = await byKey(sql, accountId, replyId, 'FOR UPDATE');
      if (!row) return { outcome: 'not_found' };
      const current = toReply(row);
      const change = next(current);
      if (!change) return { outcome: 'unchanged', reply: current };
      await sql.query(
        'UPDATE replies SET status = $1, sealed = $2, failure = $3, updated_at = $4 WHERE account_id = $5 AND reply_id = $6',
        [change.status, change.sealed, resultNote(change), at, accountId, replyId],
      );
      const log = await appendLog(sql, accountId, 'reply', current.eventId, at, replyId);
      return { outcome: 'changed', reply: { ...current, ...change, updatedAt: iso(at) }, log };
    });
  };

  return {
    async insertReply(reply) {
      const at = now();
      const { accountId, replyId, eventId, fromDeviceId, sealed } = reply;
      return transaction(async (sql): Promise<InsertReplyResult> => {
        // Every write of a call takes its locks in one order, as setStatus does: the device's row
        // (a removal is wholly before this reply or after it), the call's row, the account's row
        // (its log seq) last; a reply and a status write of one call never wait in a cycle. The
        // call's lock also decides an answer racing this reply before or after it.
        const live = await liveDevice(sql, accountId, fromDeviceId);
        const sender = await sql.query<EventAnswerer>(
          'SELECT from_device_id, status, handled_by FROM events WHERE account_id = $1 AND event_id = $2 FOR UPDATE',
          [accountId, eventId],
        );
        const event = sender.rows[0];
        // A racing repeat of this reply id waited on the call's row: it finds this one's row now.
        const original = await byKey(sql, accountId, replyId);
        if (original) return { outcome: 'repeat', reply: toReply(original) };
        if (!live) return { outcome: 'device_gone' };
        if (event === undefined) return { outcome: 'event_not_found' };
        if (!answeredBy(event, fromDeviceId)) return { outcome: 'not_answerer', handledBy: event.handled_by };
        const toDeviceId = event.from_device_id;
        // A repeat of the id naming another call is not serialized by that call's row: the key decides.
        const { rows } = await sql.query<ReplyRow>(
          `INSERT INTO replies (account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status,
                                created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7, $7)
           ON CONFLICT (account_id, reply_id) DO NOTHING
           RETURNING ${REPLY_COLUMNS}`,
          [accountId, replyId, eventId, fromDeviceId, toDeviceId, sealed, at],
        );
        const inserted = rows[0];
        if (inserted === undefined) {
          const repeat = await byKey(sql, accountId, replyId);
          if (repeat) return { outcome: 'repeat', reply: toReply(repeat) };
          throw new Error(`reply ${replyId} neither stored nor found`);
        }
        const log = await appendLog(sql, accountId, 'reply', eventId, at, replyId);
        await notify(sql, CHANNELS.replies, `${accountId}:${toDeviceId}:${replyId}`);
        return { outcome: 'created', reply: toReply(inserted), log };
      });
    },
    async repliesFor(toDeviceId, limit) {
      if (!(limit > 0)) return [];
      const { rows } = await db.query<ReplyRow>(
        `SELECT ${REPLY_COLUMNS} FROM replies WHERE to_device_id = $1 AND status IN ('queued', 'dispatched')
         ORDER BY created_at, position LIMIT $2`,
        [toDeviceId, Math.floor(limit)],
      );
      return rows.map(toReply);
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
      const row = await byKey(db, accountId, replyId);
      return row ? toReply(row) : null;
    },
  };
}
