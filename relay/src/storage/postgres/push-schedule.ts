import type { CallStatus, LastPushKind, PushStore } from '../relay-store';
import type { PostgresContext } from './context';

type SchedulePart = Pick<
  PushStore,
  'claimDuePushes' | 'markPushEnding' | 'finishPushSchedule' | 'quietCall' | 'quietDevices'
>;

interface ClaimedRow {
  account_id: string;
  event_id: string;
  ends_at: string | number;
  last_kind: LastPushKind | null;
  last_until: string | number | null;
  status: CallStatus;
  handled_by: string | null;
}

/**
 * Calls' push schedules and quiet devices on PostgreSQL, shared by every relay instance: a due
 * row is claimed by one instance (see claimDuePushes), and whether a device is quiet is read from
 * the database at each re-alert, whichever instance the device told. A schedule row is written
 * with its event (insert-event-schedule-function.ts) and goes with it when it is purged.
 */
export function postgresPushSchedule({ sql: db, now, statement }: PostgresContext): SchedulePart {
  return {
    async claimDuePushes(at, { limit, realert, lastLeaseMs }) {
      // The due rows are locked as they are picked, SKIP LOCKED passes over the ones another
      // instance is claiming, and the new next_at takes a claimed row out of everyone's reach:
      // each due push goes to one instance. The jitter is drawn per row. A ringing call is never
      // moved past the end of its ring window; past it, or once its last push is decided, the row
      // waits a re-alert (if its last push does not get out meanwhile, it comes round again).
      const { rows } = await statement(() =>
        db.query<ClaimedRow>(
          `UPDATE push_schedule s
           SET next_at = CASE
             WHEN s.last_kind IS NULL AND s.ends_at > $1::bigint
               THEN LEAST(s.ends_at, $1::bigint + $3::bigint + floor(random() * (2 * $4::bigint + 1))::bigint - $4::bigint)
             ELSE $1::bigint + $5::bigint END
           FROM (
             SELECT p.account_id, p.event_id, e.status, e.handled_by FROM push_schedule p
             JOIN events e ON e.account_id = p.account_id AND e.event_id = p.event_id
             WHERE p.next_at <= $1 ORDER BY p.next_at LIMIT $2
             FOR UPDATE OF p SKIP LOCKED
           ) due
           WHERE s.account_id = due.account_id AND s.event_id = due.event_id
           RETURNING s.account_id, s.event_id, s.ends_at, s.last_kind, s.last_until, due.status,
                     due.handled_by`,
          [
            Math.floor(at),
            limit,
            Math.floor(realert.base),
            Math.floor(realert.jitter),
            Math.floor(lastLeaseMs ?? realert.base),
          ],
        ),
      );
      return rows.map((row) => ({
        accountId: row.account_id,
        eventId: row.event_id,
        status: row.status,
        handledBy: row.handled_by,
        endsAt: Number(row.ends_at),
        last: row.last_kind === null ? null : { kind: row.last_kind, until: Number(row.last_until) },
      }));
    },

    async markPushEnding(accountId, eventId, { kind, nextAt, until }) {
      const { rowCount } = await statement(() =>
        db.query(
          // `ended` replaces what was marked; `missed` only goes where nothing is.
          `UPDATE push_schedule SET last_kind = $3, next_at = $4, last_until = $5
           WHERE account_id = $1 AND event_id = $2 AND ($3 = 'ended' OR last_kind IS NULL)`,
          [accountId, eventId, kind, Math.floor(nextAt), Math.floor(until)],
        ),
      );
      return (rowCount ?? 0) > 0;
    },

    async finishPushSchedule(accountId, eventId, kind) {
      const { rowCount } = await statement(() =>
        db.query(
          `DELETE FROM push_schedule WHERE account_id = $1 AND event_id = $2
             AND ($3::text IS NULL OR last_kind = $3)`,
          [accountId, eventId, kind ?? null],
        ),
      );
      return (rowCount ?? 0) > 0;
    },

    async quietCall(accountId, eventId, deviceId) {
      // One statement: the event's row is read (and must exist) as the quiet row is written.
      const { rows } = await statement(() =>
        db.query<{ found: number }>(
          `WITH quieted AS (
             INSERT INTO push_quiet (account_id, event_id, device_id, created_at)
             SELECT account_id, event_id, $3, $4 FROM events WHERE account_id = $1 AND event_id = $2
             ON CONFLICT DO NOTHING
           )
           SELECT 1 AS found FROM events WHERE account_id = $1 AND event_id = $2`,
          [accountId, eventId, deviceId, now()],
        ),
      );
      return rows.length > 0;
    },

    async quietDevices(accountId, eventId) {
      const { rows } = await db.query<{ device_id: string }>(
        'SELECT device_id FROM push_quiet WHERE account_id = $1 AND event_id = $2 ORDER BY device_id',
        [accountId, eventId],
      );
      return rows.map((row) => row.device_id);
    },
  };
}
