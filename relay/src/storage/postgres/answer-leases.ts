import { stillMine } from '../call-transitions';
import type { AnswerLeaseStore, EventStore, NewCallPushes, ReleasedCall } from '../relay-store';
import { EVENT_COLUMNS, type EventRow, toEvent } from '../store-rows';
import { DATABASE_NOW_MS } from './answer-lease-schema';
import type { PostgresContext, Sql } from './context';
import type { AppendLog } from './stream-log';

/**
 * An answered call its answerer already replied to has done its work: it is never given back (a
 * second answer would send the agent a second reply), only ended or purged.
 */
const NOT_REPLIED = `NOT EXISTS (SELECT 1 FROM replies r
  WHERE r.account_id = events.account_id AND r.event_id = events.event_id AND r.from_device_id = events.handled_by)`;

/** Gives back a device's unended answered calls it has not replied to. Call inside a transaction. */
export type ReleaseCallsOf = (
  sql: Sql,
  accountId: string,
  deviceId: string,
  at: number,
  pushes: NewCallPushes | null | undefined,
) => Promise<ReleasedCall[]>;

/**
 * Answered calls' leases on the database's clock (every relay instance reads the same one), and
 * giving calls back to `pending`: when a lease lapses, when the device that answered is removed
 * (in the removal's own transaction), or when asked. Locks are taken in the order every write
 * of a call takes them: the call's row, then the account's (its log seq); several calls' rows
 * in the order they were received.
 */
export function postgresAnswerLeases(
  { sql: db, now, transaction, statement }: PostgresContext,
  appendLog: AppendLog,
): { store: AnswerLeaseStore & Pick<EventStore, 'releaseCallsOf'>; releaseCallsOf: ReleaseCallsOf } {
  /**
   * Names who left it unfinished, by the name it had then (kept if the device goes). Null when its
   * answerer replied after all: the lock's query read the replies before the lock was granted, so
   * a reply that committed meanwhile is looked for again now (a reply write holds the same lock).
   */
  const release = async (
    sql: Sql,
    row: EventRow,
    at: number,
    pushes: NewCallPushes | null | undefined,
  ): Promise<ReleasedCall | null> => {
    const replied = await sql.query(
      'SELECT 1 FROM replies WHERE account_id = $1 AND event_id = $2 AND from_device_id = $3',
      [row.account_id, row.event_id, row.handled_by],
    );
    if ((replied.rowCount ?? 0) > 0) return null;
    const { rows } = await sql.query<EventRow>(
      `UPDATE events SET status = 'pending', handled_by = NULL, lease_until = NULL, unfinished_by = $3,
         unfinished_by_name = (SELECT name FROM devices WHERE id = $3)
       WHERE account_id = $1 AND event_id = $2
       RETURNING ${EVENT_COLUMNS}`,
      [row.account_id, row.event_id, row.handled_by],
    );
    // It rings afresh for every device, those that silenced its first ring too.
    await sql.query('DELETE FROM push_quiet WHERE account_id = $1 AND event_id = $2', [
      row.account_id,
      row.event_id,
    ]);
    // Web Push on: it rings afresh, its schedule due now with a new ring window.
    if (pushes)
      await sql.query(
        `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (account_id, event_id) DO UPDATE
           SET next_at = excluded.next_at, ends_at = excluded.ends_at, last_kind = NULL, last_until = NULL`,
        [row.account_id, row.event_id, at, at + Math.floor(pushes.ringWindowMs)],
      );
    const log = await appendLog(sql, row.account_id, 'status', row.event_id, at);
    return { event: toEvent(rows[0] as EventRow), log };
  };

  const releaseCallsOf: ReleaseCallsOf = async (sql, accountId, deviceId, at, pushes) => {
    const { rows } = await sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events
       WHERE account_id = $1 AND handled_by = $2 AND status = 'answered' AND ${NOT_REPLIED}
       ORDER BY created_seq FOR UPDATE`,
      [accountId, deviceId],
    );
    const released: ReleasedCall[] = [];
    for (const row of rows) {
      const call = await release(sql, row, at, pushes);
      if (call) released.push(call);
    }
    return released;
  };

  return {
    releaseCallsOf,
    store: {
      async releaseCallsOf(accountId, deviceId, pushes) {
        const at = now();
        return transaction((sql) => releaseCallsOf(sql, accountId, deviceId, at, pushes));
      },
      async renewLease(accountId, eventId, deviceId, leaseMs) {
        // One statement, one row lock: a removal or a lapse that released the call first leaves
        // nothing here to renew.
        const renewed = await statement(() =>
          db.query(
            `UPDATE events SET lease_until = ${DATABASE_NOW_MS} + $4
             WHERE account_id = $1 AND event_id = $2 AND handled_by = $3 AND status = 'answered'
               AND EXISTS (SELECT 1 FROM devices WHERE id = $3 AND removed_at IS NULL)`,
            [accountId, eventId, deviceId, Math.floor(leaseMs)],
          ),
        );
        if ((renewed.rowCount ?? 0) > 0) return { outcome: 'renewed' };
        const live = await db.query(
          'SELECT 1 FROM devices WHERE id = $1 AND account_id = $2 AND removed_at IS NULL',
          [deviceId, accountId],
        );
        if (live.rowCount === 0) return { outcome: 'device_gone' };
        const { rows } = await db.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = $1 AND event_id = $2`,
          [accountId, eventId],
        );
        const row = rows[0];
        if (!row) return { outcome: 'not_found' };
        const event = toEvent(row);
        return stillMine(event, deviceId) ? { outcome: 'renewed' } : { outcome: 'conflict', event };
      },
      async releaseLapsedCalls({ limit, pushes }) {
        if (!(limit > 0)) return [];
        const { rows: lapsed } = await db.query<{ account_id: string; event_id: string }>(
          `SELECT account_id, event_id FROM events
           WHERE status = 'answered' AND lease_until <= ${DATABASE_NOW_MS} AND ${NOT_REPLIED}
           ORDER BY lease_until LIMIT $1`,
          [Math.floor(limit)],
        );
        const released: ReleasedCall[] = [];
        for (const { account_id, event_id } of lapsed) {
          const at = now();
          // Decided again under the call's lock: a renewal, an end or another instance's sweep
          // that came first leaves it alone, so each lapse is released (and logged) once.
          const call = await transaction(async (sql) => {
            const { rows } = await sql.query<EventRow>(
              `SELECT ${EVENT_COLUMNS} FROM events
               WHERE account_id = $1 AND event_id = $2 AND status = 'answered'
                 AND lease_until <= ${DATABASE_NOW_MS} AND ${NOT_REPLIED}
               FOR UPDATE`,
              [account_id, event_id],
            );
            const row = rows[0];
            return row ? release(sql, row, at, pushes) : null;
          });
          if (call) released.push(call);
        }
        return released;
      },
    },
  };
}
