import { ANSWER_LEASE_MS } from '@ringback/protocol';
import {
  decide,
  decideEndAtComputer,
  givenBack,
  SETTABLE_STATUSES,
  type SettableStatus,
  type Verdict,
} from '../call-transitions';
import { ENDED_STATUSES, type EventRecord, type EventStore, type StatusChangeResult } from '../relay-store';
import { EVENT_COLUMNS, type EventRow, iso, toEvent } from '../store-rows';
import { DATABASE_NOW_MS } from './answer-lease-schema';
import type { PostgresContext, Sql } from './context';
import { liveDevice } from './devices';
import { EventBatcher } from './event-batcher';
import type { AppendLog } from './stream-log';

/** Events (calls): unique by (account, event id) and by (account, tracker task id). */
export function postgresEvents(
  { sql: db, now, transaction, statement, tracked, untracked }: PostgresContext,
  appendLog: AppendLog,
): Omit<EventStore, 'releaseCallsOf'> {
  const byKey = async (sql: Sql, accountId: string, eventId: string, lock = '') => {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND event_id = $2 ${lock}`,
      [accountId, eventId],
    );
    return rows[0];
  };

  const batcher = new EventBatcher(untracked, now, statement);

  /**
   * A device's status write, as `judge` decides it on the call as it stands then, its row locked
   * (by default the rule every app's write follows).
   */
  const changeStatus = async (
    accountId: string,
    eventId: string,
    status: SettableStatus,
    deviceId: string,
    leaseMs: number,
    judge: (current: EventRecord, sql: Sql) => Promise<Verdict> | Verdict = (current) =>
      decide(current, status, deviceId),
  ): Promise<StatusChangeResult> => {
    if (!SETTABLE_STATUSES.has(status)) throw new Error(`not a status a device can set: ${status}`);
    const at = now();
    return transaction(async (sql): Promise<StatusChangeResult> => {
      // Locks in the order every write of a call takes them: the device's row (a removal,
      // which updates it, is then wholly before this write, refusing it, or after it, releasing
      // what it answered), the call's row, the account's row (its log seq).
      if (!(await liveDevice(sql, accountId, deviceId))) return { outcome: 'device_gone' };
      // The row lock makes the decision exact: of two devices answering at once, the second
      // waits here and then reads the first one's answer.
      const row = await byKey(sql, accountId, eventId, 'FOR UPDATE');
      if (!row) return { outcome: 'not_found' };
      const current = toEvent(row);
      const verdict = await judge(current, sql);
      if (verdict === 'not_found') return { outcome: 'not_found' };
      if (verdict !== 'change') return { outcome: verdict, event: current };
      const endedAt = ENDED_STATUSES.has(status) ? at : null;
      // An ending status erases the ciphertext in the same write. Answering starts the lease
      // (on the database's clock); any change forgets who left the call unfinished before.
      await sql.query(
        `UPDATE events
         SET status = $1, handled_by = $2, ended_at = $3::bigint,
             sealed = CASE WHEN $3::bigint IS NULL THEN sealed ELSE NULL END,
             lease_until = CASE WHEN $1 = 'answered' THEN ${DATABASE_NOW_MS} + $6::bigint ELSE NULL END,
             unfinished_by = NULL, unfinished_by_name = NULL
         WHERE account_id = $4 AND event_id = $5`,
        [status, deviceId, endedAt, accountId, eventId, Math.floor(leaseMs)],
      );
      const log = await appendLog(sql, accountId, 'status', eventId, at);
      const { unfinishedBy: _left, ...rest } = current;
      const event: EventRecord = {
        ...rest,
        status,
        handledBy: deviceId,
        sealed: endedAt === null ? current.sealed : null,
        endedAt: endedAt === null ? null : iso(endedAt),
      };
      return { outcome: 'changed', event, log };
    });
  };

  return {
    async insertEvent(event, pushes) {
      return tracked(() => batcher.insert(event, pushes ?? null));
    },
    async setStatus(accountId, eventId, status, deviceId, leaseMs = ANSWER_LEASE_MS) {
      return changeStatus(accountId, eventId, status, deviceId, leaseMs);
    },
    async reclaimCall(accountId, eventId, deviceId, leaseMs = ANSWER_LEASE_MS) {
      return changeStatus(accountId, eventId, 'answered', deviceId, leaseMs, (current) =>
        givenBack(current) ? decide(current, 'answered', deviceId) : 'conflict',
      );
    },
    async endAtComputer(accountId, eventId, daemonDeviceId) {
      // A reply takes the call's row lock first (insertReply): read under the same lock, it is
      // wholly before this end (refusing it) or after it (refused itself: not the answerer).
      return changeStatus(
        accountId,
        eventId,
        'completed',
        daemonDeviceId,
        ANSWER_LEASE_MS,
        async (current, sql) => {
          const { rows } = await sql.query(
            'SELECT 1 FROM replies WHERE account_id = $1 AND event_id = $2 LIMIT 1',
            [accountId, eventId],
          );
          return decideEndAtComputer(current, daemonDeviceId, rows.length > 0);
        },
      );
    },
    async getEvent(accountId, eventId) {
      const row = await byKey(db, accountId, eventId);
      return row ? toEvent(row) : null;
    },
    async pendingEvents(accountId, { afterSeq, limit }) {
      if (!(limit > 0)) return { events: [], next: null };
      const take = Math.floor(limit);
      // The seq of an event's own log entry is its place in the order received (and the
      // cursor). One more than asked tells whether another page follows.
      const { rows } = await db.query<EventRow & { created_seq: number }>(
        `SELECT ${EVENT_COLUMNS}, created_seq FROM events
         WHERE account_id = $1 AND ended_at IS NULL AND created_seq > $2
         ORDER BY created_seq LIMIT $3`,
        [accountId, afterSeq, take + 1],
      );
      const page = rows.slice(0, take);
      const next = rows.length > take ? (page.at(-1)?.created_seq ?? null) : null;
      return { events: page.map(toEvent), next };
    },
  };
}
