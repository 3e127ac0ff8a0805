import { decide, SETTABLE_STATUSES } from '../call-transitions';
import { ENDED_STATUSES, type EventRecord, type EventStore, type StatusChangeResult } from '../relay-store';
import { EVENT_COLUMNS, type EventRow, iso, toEvent } from '../store-rows';
import type { PostgresContext, Sql } from './context';
import { EventBatcher } from './event-batcher';
import type { AppendLog } from './stream-log';

/** Events (calls): unique by (account, event id) and by (account, tracker task id). */
export function postgresEvents(
  { sql: db, now, transaction, statement, tracked, untracked }: PostgresContext,
  appendLog: AppendLog,
): EventStore {
  const byKey = async (sql: Sql, accountId: string, eventId: string, lock = '') => {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND event_id = $2 ${lock}`,
      [accountId, eventId],
    );
    return rows[0];
  };

  const batcher = new EventBatcher(untracked, now, statement);

  return {
    async insertEvent(event, pushes) {
      return tracked(() => batcher.insert(event, pushes ?? null));
    },
    async setStatus(accountId, eventId, status, deviceId) {
      if (!SETTABLE_STATUSES.has(status)) throw new Error(`not a status a device can set: ${status}`);
      const at = now();
      return transaction(async (sql): Promise<StatusChangeResult> => {
        // The row lock makes the decision exact: of two devices answering at once, the second
        // waits here and then reads the first one's answer.
        const row = await byKey(sql, accountId, eventId, 'FOR UPDATE');
        if (!row) return { outcome: 'not_found' };
        const current = toEvent(row);
        const verdict = decide(current, status, deviceId);
        if (verdict !== 'change') return { outcome: verdict, event: current };
        const endedAt = ENDED_STATUSES.has(status) ? at : null;
        // An ending status erases the ciphertext in the same write.
        await sql.query(
          `UPDATE events
           SET status = $1, handled_by = $2, ended_at = $3::bigint,
               sealed = CASE WHEN $3::bigint IS NULL THEN sealed ELSE NULL END
           WHERE account_id = $4 AND event_id = $5`,
          [status, deviceId, endedAt, accountId, eventId],
        );
        const log = await appendLog(sql, accountId, 'status', eventId, at);
        const event: EventRecord = {
          ...current,
          status,
          handledBy: deviceId,
          sealed: endedAt === null ? current.sealed : null,
          endedAt: endedAt === null ? null : iso(endedAt),
        };
        return { outcome: 'changed', event, log };
      });
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
    async releaseCallsOf(accountId, deviceId, pushes) {
      const at = now();
      return transaction(async (sql) => {
        const { rows } = await sql.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events
           WHERE account_id = $1 AND handled_by = $2 AND status = 'answered'
           ORDER BY created_seq FOR UPDATE`,
          [accountId, deviceId],
        );
        const released = [];
        for (const row of rows) {
          await sql.query(
            "UPDATE events SET status = 'pending', handled_by = NULL WHERE account_id = $1 AND event_id = $2",
            [accountId, row.event_id],
          );
          // Web Push on: it rings afresh, its schedule due now with a new ring window.
          if (pushes)
            await sql.query(
              `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES ($1, $2, $3, $4)
               ON CONFLICT (account_id, event_id) DO UPDATE
                 SET next_at = excluded.next_at, ends_at = excluded.ends_at, last_kind = NULL,
                     last_until = NULL`,
              [accountId, row.event_id, at, at + Math.floor(pushes.ringWindowMs)],
            );
          const log = await appendLog(sql, accountId, 'status', row.event_id, at);
          released.push({ event: { ...toEvent(row), status: 'pending' as const, handledBy: null }, log });
        }
        return released;
      });
    },
  };
}
