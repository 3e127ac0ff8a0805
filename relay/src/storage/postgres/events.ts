import { decide, SETTABLE_STATUSES } from '../call-transitions';
import {
  ENDED_STATUSES,
  type EventRecord,
  type EventStore,
  type InsertEventResult,
  type NewEvent,
  type StatusChangeResult,
} from '../relay-store';
import { EVENT_COLUMNS, type EventRow, iso, toEvent } from '../store-rows';
import type { PostgresContext, Sql } from './context';
import type { AppendLog } from './stream-log';

/** Events (calls): unique by (account, event id) and by (account, tracker task id). */
export function postgresEvents(
  { sql: db, now, transaction }: PostgresContext,
  appendLog: AppendLog,
): EventStore {
  const byKey = async (sql: Sql, accountId: string, eventId: string, lock = '') => {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND event_id = $2 ${lock}`,
      [accountId, eventId],
    );
    return rows[0];
  };

  const insertEvent = async (sql: Sql, event: NewEvent, at: number): Promise<InsertEventResult> => {
    // Serializes the account's inserts: a racing insert of the same event id (or task id) waits
    // here, and its checks below then see this one's row. (NO KEY: rows that merely reference
    // the account, a new device or pairing code, need not wait.)
    const account = await sql.query('SELECT 1 FROM accounts WHERE id = $1 FOR NO KEY UPDATE', [
      event.accountId,
    ]);
    const original = await byKey(sql, event.accountId, event.eventId);
    if (original) return { outcome: 'repeat', event: toEvent(original) };
    if (account.rowCount === 0) throw new Error(`unknown account ${event.accountId}`);
    if (event.taskId !== null) {
      const { rows } = await sql.query<EventRow>(
        `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND task_id = $2`,
        [event.accountId, event.taskId],
      );
      const existing = rows[0];
      if (existing) return { outcome: 'duplicate_task', existing: toEvent(existing) };
    }
    const log = await appendLog(sql, event.accountId, 'event', event.eventId, at);
    await sql.query(
      `INSERT INTO events (account_id, event_id, source, occurred_at, task_id, sealed, status,
                           from_device_id, created_at, created_seq)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9)`,
      [
        event.accountId,
        event.eventId,
        event.source,
        event.occurredAt,
        event.taskId,
        event.sealed,
        event.fromDeviceId,
        at,
        log.seq,
      ],
    );
    const created: EventRecord = {
      accountId: event.accountId,
      eventId: event.eventId,
      source: event.source,
      occurredAt: event.occurredAt,
      taskId: event.taskId,
      sealed: event.sealed,
      status: 'pending',
      handledBy: null,
      fromDeviceId: event.fromDeviceId,
      createdAt: iso(at),
      endedAt: null,
    };
    return { outcome: 'created', event: created, log };
  };

  return {
    async insertEvent(event) {
      const at = now();
      return transaction((sql) => insertEvent(sql, event, at));
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
    async releaseCallsOf(accountId, deviceId) {
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
          const log = await appendLog(sql, accountId, 'status', row.event_id, at);
          released.push({ event: { ...toEvent(row), status: 'pending' as const, handledBy: null }, log });
        }
        return released;
      });
    },
  };
}
