import type { RetentionStore } from '../relay-store';
import type { PostgresContext } from './context';

/** The relay keeps no history: what is older than the retention window goes, with its traces. */
export function postgresRetention({ now, transaction }: PostgresContext): RetentionStore {
  return {
    async purge(before) {
      const at = now();
      // Stored times are whole ms, so "older than `before`" is the same as older than its ceiling.
      const cutoff = Math.ceil(before);
      // Autovacuum reclaims the deleted rows' space later; PostgreSQL has no secure_delete.
      return transaction(async (sql) => {
        const log = await sql.query('DELETE FROM account_log WHERE created_at < $1', [cutoff]);
        // Ended calls, and calls still held answered that arrived before the window and whose
        // lease ended before it too: a call's ciphertext is never kept for ever, whoever holds
        // it, but a missed call answered now is not purged mid-call.
        const events = await sql.query(
          `DELETE FROM events WHERE (ended_at IS NOT NULL AND ended_at < $1)
             OR (status = 'answered' AND created_at < $1 AND (lease_until IS NULL OR lease_until < $1))`,
          [cutoff],
        );
        const replies = await sql.query(
          "DELETE FROM replies WHERE status IN ('delivered', 'failed') AND updated_at < $1",
          [cutoff],
        );
        await sql.query('DELETE FROM pairing_codes WHERE used_at IS NOT NULL OR expires_at <= $1', [at]);
        return {
          logEntries: log.rowCount ?? 0,
          events: events.rowCount ?? 0,
          replies: replies.rowCount ?? 0,
        };
      });
    },
  };
}
