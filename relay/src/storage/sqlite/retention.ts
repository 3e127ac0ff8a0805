import type { RetentionStore } from '../relay-store';
import type { SqliteContext } from './context';

/** The relay keeps no history: what is older than the retention window goes, with its traces. */
export function sqliteRetention({ db, commit, now }: SqliteContext, inMemory: boolean): RetentionStore {
  const s = {
    log: db.prepare<[number]>('DELETE FROM account_log WHERE created_at < ?'),
    /**
     * Ended calls, and calls still held answered that arrived before the window and whose lease
     * ended before it too (never kept for ever, but a missed call answered now is not purged mid-call).
     */
    events: db.prepare<{ before: number }>(
      `DELETE FROM events WHERE (ended_at IS NOT NULL AND ended_at < @before)
         OR (status = 'answered' AND created_at < @before AND (lease_until IS NULL OR lease_until < @before))`,
    ),
    replies: db.prepare<[number]>(
      "DELETE FROM replies WHERE status IN ('delivered', 'failed') AND updated_at < ?",
    ),
    pairingCodes: db.prepare<[number]>(
      'DELETE FROM pairing_codes WHERE used_at IS NOT NULL OR expires_at <= ?',
    ),
  };
  return {
    async purge(before) {
      const at = now();
      const purged = await commit.write(() => {
        const logEntries = s.log.run(before).changes;
        const events = s.events.run({ before }).changes;
        const replies = s.replies.run(before).changes;
        s.pairingCodes.run(at);
        return { logEntries, events, replies };
      });
      // Old WAL frames can still hold erased ciphertext: fold the WAL into the file and empty it.
      if (!inMemory) db.pragma('wal_checkpoint(TRUNCATE)');
      return purged;
    },
  };
}
