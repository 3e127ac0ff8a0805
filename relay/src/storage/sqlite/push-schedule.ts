import type { CallStatus, LastPushKind, PushStore } from '../relay-store';
import type { SqliteContext } from './context';

type SchedulePart = Pick<
  PushStore,
  'claimDuePushes' | 'markPushEnding' | 'finishPushSchedule' | 'quietCall' | 'quietDevices'
>;

interface ClaimedRow {
  account_id: string;
  event_id: string;
  ends_at: number;
  last_kind: LastPushKind | null;
  last_until: number | null;
}

/**
 * Calls' push schedules and quiet devices on SQLite: one relay process, so each write's
 * transaction is all the claiming needs. A schedule row is written with its event
 * (sqlite/events.ts) and goes with it when it is purged.
 */
export function sqlitePushSchedule({ db, commit, now }: SqliteContext): SchedulePart {
  const s = {
    anyDue: db.prepare<[number], { found: number }>(
      'SELECT 1 AS found FROM push_schedule WHERE next_at <= ? LIMIT 1',
    ),
    // A random jitter in [-jitter, +jitter] per row. A ringing call is never moved past the end
    // of its ring window; past it, or once its last push is decided, the row waits a re-alert
    // (its claimer sends the last push meanwhile; if that does not get out, it comes round again).
    claim: db.prepare<
      { now: number; limit: number; base: number; jitter: number; lastLease: number },
      ClaimedRow
    >(
      `UPDATE push_schedule
       SET next_at = CASE
         WHEN last_kind IS NULL AND ends_at > @now
           THEN MIN(ends_at, @now + @base + (abs(random()) % (2 * @jitter + 1)) - @jitter)
         ELSE @now + @lastLease END
       WHERE rowid IN (
         SELECT rowid FROM push_schedule WHERE next_at <= @now ORDER BY next_at, rowid LIMIT @limit
       )
       RETURNING account_id, event_id, ends_at, last_kind, last_until`,
    ),
    event: db.prepare<[string, string], { status: CallStatus; handled_by: string | null }>(
      'SELECT status, handled_by FROM events WHERE account_id = ? AND event_id = ?',
    ),
    markEnding: db.prepare<{
      accountId: string;
      eventId: string;
      kind: LastPushKind;
      nextAt: number;
      until: number;
    }>(
      // `ended` replaces what was marked; `missed` only goes where nothing is.
      `UPDATE push_schedule SET last_kind = @kind, next_at = @nextAt, last_until = @until
       WHERE account_id = @accountId AND event_id = @eventId
         AND (@kind = 'ended' OR last_kind IS NULL)`,
    ),
    finish: db.prepare<[string, string]>('DELETE FROM push_schedule WHERE account_id = ? AND event_id = ?'),
    finishKind: db.prepare<[string, string, string]>(
      'DELETE FROM push_schedule WHERE account_id = ? AND event_id = ? AND last_kind = ?',
    ),
    quiet: db.prepare<[string, number, string, string]>(
      `INSERT INTO push_quiet (account_id, event_id, device_id, created_at)
       SELECT account_id, event_id, ?, ? FROM events WHERE account_id = ? AND event_id = ?
       ON CONFLICT DO NOTHING`,
    ),
    eventExists: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM events WHERE account_id = ? AND event_id = ?',
    ),
    quietOf: db.prepare<[string, string], { device_id: string }>(
      'SELECT device_id FROM push_quiet WHERE account_id = ? AND event_id = ? ORDER BY device_id',
    ),
  };

  return {
    async claimDuePushes(at, { limit, realert, lastLeaseMs }) {
      const nowMs = Math.floor(at);
      // Most ticks find nothing due: that costs a read, not a commit.
      if (!s.anyDue.get(nowMs)) return [];
      return commit.write(() =>
        s.claim
          .all({
            now: nowMs,
            limit,
            base: Math.floor(realert.base),
            jitter: Math.floor(realert.jitter),
            lastLease: Math.floor(lastLeaseMs ?? realert.base),
          })
          .flatMap((row) => {
            const event = s.event.get(row.account_id, row.event_id);
            if (!event) return [];
            const last =
              row.last_kind === null ? null : { kind: row.last_kind, until: Number(row.last_until) };
            return [
              {
                accountId: row.account_id,
                eventId: row.event_id,
                status: event.status,
                handledBy: event.handled_by,
                endsAt: row.ends_at,
                last,
              },
            ];
          }),
      );
    },
    async markPushEnding(accountId, eventId, { kind, nextAt, until }) {
      const times = { nextAt: Math.floor(nextAt), until: Math.floor(until) };
      return commit.write(() => s.markEnding.run({ accountId, eventId, kind, ...times }).changes > 0);
    },
    async finishPushSchedule(accountId, eventId, kind) {
      return commit.write(
        () =>
          (kind === undefined ? s.finish.run(accountId, eventId) : s.finishKind.run(accountId, eventId, kind))
            .changes > 0,
      );
    },
    async quietCall(accountId, eventId, deviceId) {
      const at = now();
      return commit.write(() => {
        s.quiet.run(deviceId, at, accountId, eventId);
        return s.eventExists.get(accountId, eventId) !== undefined;
      });
    },
    async quietDevices(accountId, eventId) {
      return s.quietOf.all(accountId, eventId).map((row) => row.device_id);
    },
  };
}
