import type Database from 'better-sqlite3';
import { ANSWER_LEASE_SCHEMA_SQLITE } from './sqlite/answer-lease-schema';
import { PUSH_KINDS_SCHEMA_SQLITE } from './sqlite/push-kinds-schema';
import { PUSH_SCHEMA_SQLITE } from './sqlite/push-schema';
import { UNIQUE_PUSH_ENDPOINTS_SQLITE } from './sqlite/unique-push-endpoints';

/**
 * The relay database's schema, one step per entry: applying entry `i` brings the database to
 * `PRAGMA user_version` `i + 1`. Released entries are never edited; a change is a new entry.
 * An entry runs inside the migration transaction, so it must not contain BEGIN/COMMIT or
 * pragmas that are no-ops in a transaction (foreign_keys, journal_mode).
 *
 * Times are epoch milliseconds (INTEGER) so the retention purge compares numbers; the store
 * turns them into ISO strings. `occurred_at` is the daemon's own ISO string, kept as sent.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: accounts, devices, pairing codes, events and the per-account ordered log.
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    created_at INTEGER NOT NULL,
    -- The seq the account's next log entry takes: only ever incremented, so a seq is never
    -- reused, even after the log entries were purged.
    next_seq INTEGER NOT NULL DEFAULT 1 CHECK (next_seq >= 1)
  ) STRICT;

  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    kind TEXT NOT NULL CHECK (kind IN ('daemon', 'app')),
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER,
    removed_at INTEGER
  ) STRICT;
  CREATE INDEX devices_by_account ON devices (account_id, created_at);

  CREATE TABLE pairing_codes (
    code_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_by TEXT NOT NULL REFERENCES devices (id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT;
  CREATE INDEX pairing_codes_by_creator ON pairing_codes (created_by);

  CREATE TABLE events (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    event_id TEXT NOT NULL,
    source TEXT NOT NULL,
    occurred_at TEXT NOT NULL,
    task_id TEXT,
    sealed TEXT,
    status TEXT NOT NULL
      CHECK (status IN ('pending', 'answered', 'rejected', 'acknowledged', 'completed')),
    handled_by TEXT REFERENCES devices (id),
    from_device_id TEXT NOT NULL REFERENCES devices (id),
    created_at INTEGER NOT NULL,
    -- The seq of the event's own log entry: orders events received in the same millisecond.
    created_seq INTEGER NOT NULL,
    ended_at INTEGER,
    PRIMARY KEY (account_id, event_id),
    CHECK ((ended_at IS NULL) = (status IN ('pending', 'answered'))),
    -- An ended call keeps no ciphertext.
    CHECK (ended_at IS NULL OR sealed IS NULL)
  ) STRICT;
  CREATE UNIQUE INDEX events_by_task ON events (account_id, task_id) WHERE task_id IS NOT NULL;
  CREATE INDEX events_open ON events (account_id, created_at, created_seq) WHERE ended_at IS NULL;
  CREATE INDEX events_ended ON events (ended_at) WHERE ended_at IS NOT NULL;

  CREATE TABLE account_log (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('event', 'status')),
    event_id TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, seq)
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX account_log_by_time ON account_log (created_at);
  `,
  // 2: replies, and the log learns a third kind of frame (rebuilt: SQLite cannot alter a CHECK).
  `
  CREATE TABLE replies (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    reply_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    from_device_id TEXT NOT NULL REFERENCES devices (id),
    to_device_id TEXT NOT NULL REFERENCES devices (id),
    sealed TEXT,
    status TEXT NOT NULL CHECK (status IN ('queued', 'dispatched', 'delivered', 'failed')),
    failure TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, reply_id),
    -- A finished reply keeps no ciphertext.
    CHECK ((status IN ('delivered', 'failed')) = (sealed IS NULL))
  ) STRICT;
  CREATE INDEX replies_waiting ON replies (to_device_id, created_at) WHERE status IN ('queued', 'dispatched');
  CREATE INDEX replies_finished ON replies (updated_at) WHERE status IN ('delivered', 'failed');

  CREATE TABLE account_log_v2 (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    seq INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('event', 'status', 'reply')),
    event_id TEXT NOT NULL,
    reply_id TEXT,
    created_at INTEGER NOT NULL,
    PRIMARY KEY (account_id, seq),
    CHECK ((kind = 'reply') = (reply_id IS NOT NULL))
  ) STRICT, WITHOUT ROWID;
  INSERT INTO account_log_v2 (account_id, seq, kind, event_id, created_at)
    SELECT account_id, seq, kind, event_id, created_at FROM account_log;
  DROP TABLE account_log;
  ALTER TABLE account_log_v2 RENAME TO account_log;
  CREATE INDEX account_log_by_time ON account_log (created_at);
  `,
  // 3: open calls are listed (and paged) in the order received, which their log seq is.
  `
  DROP INDEX events_open;
  CREATE INDEX events_open ON events (account_id, created_seq) WHERE ended_at IS NULL;
  `,
  // 4: Web Push: the relay's VAPID key pair, app devices' subscriptions, unanswered calls' re-alerts.
  PUSH_SCHEMA_SQLITE,
  // 5 (push kinds): a schedule row marked for its call's last push; devices quiet for a call.
  PUSH_KINDS_SCHEMA_SQLITE,
  // 6: push subscriptions: one device per endpoint (duplicates dropped, the newest kept).
  UNIQUE_PUSH_ENDPOINTS_SQLITE,
  // 7: answered calls' leases, and who left a call unfinished.
  ANSWER_LEASE_SCHEMA_SQLITE,
];

/**
 * Brings the database to the newest schema: applies the missing migrations, all in one
 * immediate transaction (so two processes opening the same file cannot both migrate), and
 * records the version in `PRAGMA user_version`. A database from a newer relay is refused.
 */
export function applyMigrations(
  db: Database.Database,
  migrations: readonly string[] = MIGRATIONS,
): { from: number; to: number } {
  const migrate = db.transaction(() => {
    const from = db.pragma('user_version', { simple: true }) as number;
    if (from > migrations.length) {
      throw new Error(
        `the relay database has schema version ${from}, newer than this relay knows (${migrations.length})`,
      );
    }
    for (const sql of migrations.slice(from)) db.exec(sql);
    if (from < migrations.length) db.pragma(`user_version = ${migrations.length}`);
    return { from, to: migrations.length };
  });
  return migrate.immediate();
}
