import type { Pool, QueryConfig } from 'pg';
import { CLUSTER_SCHEMA, COMPUTER_REQUESTS_SCHEMA } from '../../cluster/postgres/cluster-schema';
import { ADVISORY_LOCKS } from './advisory-locks';
import { ANSWER_LEASE_SCHEMA_POSTGRES } from './answer-lease-schema';
import { isConnectionFailure } from './connection-failure';
import { INSERT_EVENTS_FUNCTION } from './insert-event-function';
import { INSERT_EVENTS_WITH_SCHEDULE_FUNCTION } from './insert-event-schedule-function';
import { PUSH_KINDS_SCHEMA_POSTGRES } from './push-kinds-schema';
import { PUSH_SCHEMA_POSTGRES } from './push-schema';
import { UNIQUE_PUSH_ENDPOINTS_POSTGRES } from './unique-push-endpoints';

/**
 * The relay database's schema on PostgreSQL, one step per entry: applying entry `i` brings the
 * database to `schema_version` `i + 1`. Released entries are never edited; a change is a new
 * entry appended at the end. An entry runs inside the migration transaction, so it must not
 * contain BEGIN/COMMIT or statements that refuse a transaction (CREATE INDEX CONCURRENTLY).
 *
 * The same tables, columns and CHECKs as the SQLite schema (its three migrations in one), so
 * the two stores behave alike. Times are epoch milliseconds (BIGINT), which the store's pool
 * reads as JS numbers. `position` stands in for SQLite's rowid: it orders rows made in the
 * same millisecond.
 */
export const POSTGRES_MIGRATIONS: readonly string[] = [
  // 1: accounts, devices, pairing codes, events, replies and the per-account ordered log.
  `
  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    created_at BIGINT NOT NULL,
    -- The seq the account's next log entry takes: only ever incremented, so a seq is never
    -- reused, even after the log entries were purged. Taking one locks the row until commit,
    -- so an account's writes commit in seq order.
    next_seq BIGINT NOT NULL DEFAULT 1 CHECK (next_seq >= 1)
  );

  CREATE TABLE devices (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    kind TEXT NOT NULL CHECK (kind IN ('daemon', 'app')),
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT,
    removed_at BIGINT,
    position BIGINT GENERATED ALWAYS AS IDENTITY
  );
  CREATE INDEX devices_by_account ON devices (account_id, created_at, position);

  CREATE TABLE pairing_codes (
    code_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    created_by TEXT NOT NULL REFERENCES devices (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT,
    position BIGINT GENERATED ALWAYS AS IDENTITY
  );
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
    created_at BIGINT NOT NULL,
    -- The seq of the event's own log entry: its place in the order received.
    created_seq BIGINT NOT NULL,
    ended_at BIGINT,
    PRIMARY KEY (account_id, event_id),
    CHECK ((ended_at IS NULL) = (status IN ('pending', 'answered'))),
    -- An ended call keeps no ciphertext.
    CHECK (ended_at IS NULL OR sealed IS NULL)
  );
  CREATE UNIQUE INDEX events_by_task ON events (account_id, task_id) WHERE task_id IS NOT NULL;
  CREATE INDEX events_open ON events (account_id, created_seq) WHERE ended_at IS NULL;
  CREATE INDEX events_ended ON events (ended_at) WHERE ended_at IS NOT NULL;
  CREATE INDEX events_answered_by ON events (account_id, handled_by) WHERE status = 'answered';

  CREATE TABLE account_log (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    seq BIGINT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('event', 'status', 'reply')),
    event_id TEXT NOT NULL,
    reply_id TEXT,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (account_id, seq),
    CHECK ((kind = 'reply') = (reply_id IS NOT NULL))
  );
  CREATE INDEX account_log_by_time ON account_log (created_at);

  CREATE TABLE replies (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    reply_id TEXT NOT NULL,
    event_id TEXT NOT NULL,
    from_device_id TEXT NOT NULL REFERENCES devices (id),
    to_device_id TEXT NOT NULL REFERENCES devices (id),
    sealed TEXT,
    status TEXT NOT NULL CHECK (status IN ('queued', 'dispatched', 'delivered', 'failed')),
    failure TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    position BIGINT GENERATED ALWAYS AS IDENTITY,
    PRIMARY KEY (account_id, reply_id),
    -- A finished reply keeps no ciphertext.
    CHECK ((status IN ('delivered', 'failed')) = (sealed IS NULL))
  );
  CREATE INDEX replies_waiting ON replies (to_device_id, created_at, position)
    WHERE status IN ('queued', 'dispatched');
  CREATE INDEX replies_finished ON replies (updated_at) WHERE status IN ('delivered', 'failed');
  `,
  // 2: what relay instances coordinate through: daemon links, relayed settings, code attempts, the claim code.
  CLUSTER_SCHEMA,
  // 3: events that arrive together stored in one round trip and one commit.
  INSERT_EVENTS_FUNCTION,
  // 4: ciphertext never compresses: storing it as it is spares PostgreSQL a compression
  // attempt on every sealed report past 2 KB (it may still move out of line, uncompressed).
  `
  ALTER TABLE events ALTER COLUMN sealed SET STORAGE EXTERNAL;
  ALTER TABLE replies ALTER COLUMN sealed SET STORAGE EXTERNAL;
  ALTER TABLE relayed_settings ALTER COLUMN sealed SET STORAGE EXTERNAL;
  `,
  // 5: Web Push: the relay's VAPID key pair, app devices' subscriptions, unanswered calls' re-alerts.
  PUSH_SCHEMA_POSTGRES,
  // 6: devices' streamed requests to a daemon linked to another instance.
  COMPUTER_REQUESTS_SCHEMA,
  // 7 (push kinds): a schedule row marked for its call's last push; devices quiet for a call.
  PUSH_KINDS_SCHEMA_POSTGRES,
  // 8 (push kinds): a new call's push schedule stored in the same transaction as the call.
  INSERT_EVENTS_WITH_SCHEDULE_FUNCTION,
  // 9: push subscriptions: one device per endpoint (duplicates dropped, the newest kept).
  UNIQUE_PUSH_ENDPOINTS_POSTGRES,
  // 10: answered calls' leases, and who left a call unfinished.
  ANSWER_LEASE_SCHEMA_POSTGRES,
];

/** How long each migration statement, and the wait for another relay's migration, may take (server side). */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;
/** The client's own bound on those statements: the server's, and a little more. */
const MIGRATION_ANSWER_MS = MIGRATION_TIMEOUT_MS + 5_000;

/**
 * Brings the database to the newest schema: applies the missing migrations in one transaction
 * under an advisory lock (so relay instances starting together migrate once: the others wait,
 * then find nothing left to do), and records the version in `schema_version`. A database from
 * a newer relay is refused.
 */
export async function applyPostgresMigrations(
  pool: Pool,
  migrations: readonly string[] = POSTGRES_MIGRATIONS,
): Promise<{ from: number; to: number }> {
  const client = await pool.connect();
  // The pool's timeouts are a request's: a migration of a big table, or the wait for another
  // relay's migration, takes longer, and only those are given a bound of their own. Everything
  // else keeps the pool's, so a silent link still fails the start within a request's time.
  const long = (text: string) => {
    // pg takes a query's own `query_timeout` (missing from its types) before the pool's.
    const config: QueryConfig & { query_timeout: number } = { text, query_timeout: MIGRATION_ANSWER_MS };
    return client.query(config);
  };
  // A statement the client gave up on may still run on that connection: it is not rolled back
  // over it (that would wait behind it) and not handed back to the pool, but closed.
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      await client.query(`SET LOCAL statement_timeout = ${MIGRATION_TIMEOUT_MS}`);
      // Released at COMMIT or ROLLBACK, so a failed migration never leaves it held.
      await long(`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.migrations})`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS schema_version (
           single BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (single),
           version INTEGER NOT NULL CHECK (version >= 0)
         );
         INSERT INTO schema_version (version) VALUES (0) ON CONFLICT DO NOTHING`,
      );
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_version');
      const from = rows[0]?.version ?? 0;
      if (from > migrations.length) {
        throw new Error(
          `the relay database has schema version ${from}, newer than this relay knows (${migrations.length})`,
        );
      }
      for (const sql of migrations.slice(from)) await long(sql);
      if (from < migrations.length) {
        await client.query('UPDATE schema_version SET version = $1', [migrations.length]);
      }
      await client.query('COMMIT');
      return { from, to: migrations.length };
    } catch (error) {
      if (isConnectionFailure(error)) broken = error as Error;
      else await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
