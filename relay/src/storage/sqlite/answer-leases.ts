import { stillMine } from '../call-transitions';
import type { AnswerLeaseStore, EventStore, NewCallPushes, ReleasedCall } from '../relay-store';
import { EVENT_COLUMNS, type EventRow, toEvent } from '../store-rows';
import type { SqliteContext } from './context';
import type { AppendLog } from './stream-log';

/**
 * An answered call its answerer already replied to has done its work: it is never given back (a
 * second answer would send the agent a second reply), only ended or purged.
 */
const NOT_REPLIED = `NOT EXISTS (SELECT 1 FROM replies r
  WHERE r.account_id = events.account_id AND r.event_id = events.event_id AND r.from_device_id = events.handled_by)`;

/** Gives back a device's unended answered calls it has not replied to. Call inside a write. */
export type ReleaseCallsOf = (
  accountId: string,
  deviceId: string,
  at: number,
  pushes: NewCallPushes | null | undefined,
) => ReleasedCall[];

/**
 * Answered calls' leases on the relay's clock, and giving calls back to `pending`: when a lease
 * lapses, when the device that answered is removed (in the removal's own write), or when asked.
 */
export function sqliteAnswerLeases(
  { db, commit, now }: SqliteContext,
  appendLog: AppendLog,
): {
  store: AnswerLeaseStore & Pick<EventStore, 'releaseCallsOf'>;
  releaseCallsOf: ReleaseCallsOf;
} {
  const s = {
    byKey: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND event_id = ?`,
    ),
    liveDevice: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    renew: db.prepare<[number, string, string, string]>(
      `UPDATE events SET lease_until = ?
       WHERE account_id = ? AND event_id = ? AND handled_by = ? AND status = 'answered'`,
    ),
    answeredBy: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND handled_by = ? AND status = 'answered'
         AND ${NOT_REPLIED}
       ORDER BY created_seq`,
    ),
    lapsed: db.prepare<[number, number], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE status = 'answered' AND lease_until <= ? AND ${NOT_REPLIED}
       ORDER BY lease_until LIMIT ?`,
    ),
    /** Names who left it unfinished, by the name it had then (kept if the device goes). */
    release: db.prepare<{ holder: string; accountId: string; eventId: string }>(
      `UPDATE events SET status = 'pending', handled_by = NULL, lease_until = NULL, unfinished_by = @holder,
         unfinished_by_name = (SELECT name FROM devices WHERE id = @holder)
       WHERE account_id = @accountId AND event_id = @eventId`,
    ),
    /** A released call rings afresh for every device, those that silenced its first ring too. */
    forgetQuiet: db.prepare<[string, string]>('DELETE FROM push_quiet WHERE account_id = ? AND event_id = ?'),
    /** A released call rings afresh: its schedule due now, no last push, a new ring window. */
    ringAgain: db.prepare<[string, string, number, number]>(
      `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (account_id, event_id) DO UPDATE
         SET next_at = excluded.next_at, ends_at = excluded.ends_at, last_kind = NULL, last_until = NULL`,
    ),
  };

  const release = (row: EventRow, at: number, pushes: NewCallPushes | null | undefined): ReleasedCall => {
    s.release.run({ holder: row.handled_by as string, accountId: row.account_id, eventId: row.event_id });
    s.forgetQuiet.run(row.account_id, row.event_id);
    if (pushes) s.ringAgain.run(row.account_id, row.event_id, at, at + Math.floor(pushes.ringWindowMs));
    const log = appendLog(row.account_id, 'status', row.event_id, at);
    return { event: toEvent(s.byKey.get(row.account_id, row.event_id) as EventRow), log };
  };

  const releaseCallsOf: ReleaseCallsOf = (accountId, deviceId, at, pushes) =>
    s.answeredBy.all(accountId, deviceId).map((row) => release(row, at, pushes));

  return {
    releaseCallsOf,
    store: {
      async releaseCallsOf(accountId, deviceId, pushes) {
        const at = now();
        return commit.write(() => releaseCallsOf(accountId, deviceId, at, pushes));
      },
      async renewLease(accountId, eventId, deviceId, leaseMs) {
        const at = now();
        return commit.write(() => {
          if (!s.liveDevice.get(deviceId, accountId)) return { outcome: 'device_gone' as const };
          if (s.renew.run(at + Math.floor(leaseMs), accountId, eventId, deviceId).changes > 0)
            return { outcome: 'renewed' as const };
          const row = s.byKey.get(accountId, eventId);
          if (!row) return { outcome: 'not_found' as const };
          const event = toEvent(row);
          return stillMine(event, deviceId)
            ? { outcome: 'renewed' as const }
            : { outcome: 'conflict' as const, event };
        });
      },
      async releaseLapsedCalls({ limit, pushes }) {
        if (!(limit > 0)) return [];
        const at = now();
        // One write: read and release together, so a renewal lands wholly before or after it.
        return commit.write(() => s.lapsed.all(at, Math.floor(limit)).map((row) => release(row, at, pushes)));
      },
    },
  };
}
