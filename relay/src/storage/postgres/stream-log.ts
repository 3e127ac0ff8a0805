import { CHANNELS } from '../../cluster/channels';
import type { LogEntry, StreamLogStore } from '../relay-store';
import { iso, LOG_COLUMNS, type LogRow, toLogEntry } from '../store-rows';
import type { PostgresContext, Sql } from './context';

/** Appends a frame to the account's log, taking its next seq. Call inside a transaction. */
export type AppendLog = (
  sql: Sql,
  accountId: string,
  kind: LogEntry['kind'],
  eventId: string,
  at: number,
  replyId?: string,
) => Promise<LogEntry>;

/**
 * Takes the account's next seq (the UPDATE locks the account's row until commit, so the
 * account's writers commit one after another, in seq order), logs the entry, and tells the
 * other instances: one statement, one round trip.
 */
const APPEND = `
  WITH taken AS (
    UPDATE accounts SET next_seq = next_seq + 1 WHERE id = $1 RETURNING next_seq - 1 AS seq
  ), logged AS (
    INSERT INTO account_log (account_id, seq, kind, event_id, reply_id, created_at)
    SELECT $1, seq, $2::text, $3::text, $4::text, $5::bigint FROM taken
    RETURNING seq
  )
  SELECT seq, pg_notify($6::text, $1 || ':' || seq) FROM logged`;

/**
 * One ordered log per account: every frame the stream sends takes its seq from the account's
 * counter, which only ever grows, so a seq is never reused even after its entry was purged.
 */
export function postgresStreamLog({ sql: db }: PostgresContext): {
  store: StreamLogStore;
  append: AppendLog;
} {
  const append: AppendLog = async (sql, accountId, kind, eventId, at, replyId) => {
    const { rows } = await sql.query<{ seq: number }>(APPEND, [
      accountId,
      kind,
      eventId,
      replyId ?? null,
      at,
      CHANNELS.log,
    ]);
    const seq = rows[0]?.seq;
    if (seq === undefined) throw new Error(`unknown account ${accountId}`);
    return { accountId, seq, kind, eventId, ...(replyId ? { replyId } : {}), createdAt: iso(at) };
  };

  return {
    append,
    store: {
      async logSince(accountId, afterSeq, limit) {
        if (!(limit > 0)) return [];
        const { rows } = await db.query<LogRow>(
          `SELECT ${LOG_COLUMNS} FROM account_log WHERE account_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
          [accountId, afterSeq, Math.floor(limit)],
        );
        return rows.map(toLogEntry);
      },
      async oldestLogSeq(accountId) {
        const { rows } = await db.query<{ seq: number | null }>(
          'SELECT MIN(seq) AS seq FROM account_log WHERE account_id = $1',
          [accountId],
        );
        return rows[0]?.seq ?? null;
      },
      async latestLogSeq(accountId) {
        const { rows } = await db.query<{ seq: number }>(
          'SELECT next_seq - 1 AS seq FROM accounts WHERE id = $1',
          [accountId],
        );
        return rows[0]?.seq ?? 0;
      },
    },
  };
}
