import type { LogEntry, StreamLogStore } from '../relay-store';
import { iso, LOG_COLUMNS, type LogRow, toLogEntry } from '../store-rows';
import type { SqliteContext } from './context';

/** Appends a frame to the account's log, taking its next seq. Call inside a write. */
export type AppendLog = (
  accountId: string,
  kind: LogEntry['kind'],
  eventId: string,
  at: number,
  replyId?: string,
) => LogEntry;

/**
 * One ordered log per account: every frame the stream sends takes its seq from the account's
 * counter, which only ever grows, so a seq is never reused even after its entry was purged.
 */
export function sqliteStreamLog({ db }: SqliteContext): { store: StreamLogStore; append: AppendLog } {
  const s = {
    takeSeq: db.prepare<[string], { seq: number }>(
      'UPDATE accounts SET next_seq = next_seq + 1 WHERE id = ? RETURNING next_seq - 1 AS seq',
    ),
    latestSeq: db.prepare<[string], { seq: number }>('SELECT next_seq - 1 AS seq FROM accounts WHERE id = ?'),
    insertLog: db.prepare<[string, number, LogEntry['kind'], string, string | null, number]>(
      'INSERT INTO account_log (account_id, seq, kind, event_id, reply_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    logSince: db.prepare<[string, number, number], LogRow>(
      `SELECT ${LOG_COLUMNS} FROM account_log WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
    ),
    oldestSeq: db.prepare<[string], { seq: number | null }>(
      'SELECT MIN(seq) AS seq FROM account_log WHERE account_id = ?',
    ),
  };

  const append: AppendLog = (accountId, kind, eventId, at, replyId) => {
    const taken = s.takeSeq.get(accountId);
    if (!taken) throw new Error(`unknown account ${accountId}`);
    s.insertLog.run(accountId, taken.seq, kind, eventId, replyId ?? null, at);
    return { accountId, seq: taken.seq, kind, eventId, ...(replyId ? { replyId } : {}), createdAt: iso(at) };
  };

  return {
    append,
    store: {
      async logSince(accountId, afterSeq, limit) {
        if (!(limit > 0)) return [];
        return s.logSince.all(accountId, afterSeq, Math.floor(limit)).map(toLogEntry);
      },
      async oldestLogSeq(accountId) {
        return s.oldestSeq.get(accountId)?.seq ?? null;
      },
      async latestLogSeq(accountId) {
        return s.latestSeq.get(accountId)?.seq ?? 0;
      },
    },
  };
}
