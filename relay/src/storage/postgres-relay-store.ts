import { Pool, TypeOverrides } from 'pg';
import { postgresAccounts } from './postgres/accounts';
import { postgresAnswerLeases } from './postgres/answer-leases';
import { postgresContext } from './postgres/context';
import { type DatabaseTimeouts, databaseTimeouts } from './postgres/database-timeouts';
import { postgresDevices } from './postgres/devices';
import { postgresEvents } from './postgres/events';
import { applyPostgresMigrations } from './postgres/migrations';
import { postgresPairingCodes } from './postgres/pairing-codes';
import { postgresPush } from './postgres/push';
import { postgresReplies } from './postgres/replies';
import { postgresRetention } from './postgres/retention';
import { postgresStreamLog } from './postgres/stream-log';
import type { RelayStore } from './relay-store';

const DEFAULT_POOL_SIZE = 10;
/** PostgreSQL's type id for BIGINT (int8). */
const INT8_OID = 20;

export interface PostgresRelayStoreOptions {
  /** The clock (epoch ms) for created/seen/ended times and for purging expired pairing codes. */
  now?: () => number;
  /** Connections the store may hold open at once. */
  poolSize?: number;
  /** How long to wait on PostgreSQL; else from the env (storage/postgres/database-timeouts.ts). */
  timeouts?: DatabaseTimeouts;
  /** Handed the store once it is open. */
  onOpen?: (store: PostgresRelayStore) => void;
}

/** The PostgreSQL store; other parts of the relay keep their own tables in the same database. */
export interface PostgresRelayStore extends RelayStore {
  readonly pool: Pool;
}

/**
 * Connects to the relay's PostgreSQL database and brings its schema up to date. Several relay
 * instances may share the database: every rule (idempotent inserts, first answer wins, one
 * claim of a private relay, the order of an account's log) is enforced by the database, and
 * every change is announced with NOTIFY on commit (channels in `cluster/channels.ts`).
 */
export async function openPostgresRelayStore(
  url: string,
  options: PostgresRelayStoreOptions = {},
): Promise<PostgresRelayStore> {
  const timeouts = options.timeouts ?? databaseTimeouts();
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    types: bigintAsNumber(),
    // Nothing waits on PostgreSQL forever: over a dead link a query fails (and its connection is
    // dropped) instead of holding its request, and a stream's reads, until TCP gives up.
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.answerMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: timeouts.keepAliveIdleMs,
  });
  // An idle connection the server closed (restart, failover) is dropped by the pool, and the next
  // query opens a new one; without a listener the 'error' event would crash the process. The
  // relay's cluster logs them (cluster/postgres/postgres-cluster.ts), where the logger is.
  pool.on('error', () => undefined);
  try {
    await applyPostgresMigrations(pool);
    const store = createStore(pool, options);
    options.onOpen?.(store);
    return store;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * Times (epoch ms) and seqs are BIGINT, which pg hands out as strings because they may exceed
 * 2^53; ours never do. Set on this pool only: the global `pg.types` belongs to everyone.
 */
function bigintAsNumber(): TypeOverrides {
  const types = new TypeOverrides();
  types.setTypeParser(INT8_OID, 'text', (value: string) => Number(value));
  return types;
}

/** One store out of its resources, sharing the pool and the clock. */
function createStore(pool: Pool, options: PostgresRelayStoreOptions): PostgresRelayStore {
  const clock = options.now ?? Date.now;
  const ctx = postgresContext(pool, () => Math.floor(clock()));
  const log = postgresStreamLog(ctx);
  const codes = postgresPairingCodes(ctx);
  const leases = postgresAnswerLeases(ctx, log.append);
  const devices = postgresDevices(ctx, codes.forgetCodesBy, leases.releaseCallsOf);
  return {
    pool,
    ...postgresAccounts(ctx, devices.insertDevice),
    ...devices.store,
    ...codes.store,
    ...postgresEvents(ctx, log.append),
    ...leases.store,
    ...log.store,
    ...postgresReplies(ctx, log.append),
    ...postgresRetention(ctx),
    ...postgresPush(ctx),
    close: () => ctx.close(),
  };
}
