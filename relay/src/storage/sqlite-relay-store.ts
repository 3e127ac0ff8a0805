import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { applyMigrations } from './migrations';
import type { RelayStore } from './relay-store';
import { sqliteAccounts } from './sqlite/accounts';
import { sqliteAnswerLeases } from './sqlite/answer-leases';
import type { SqliteContext } from './sqlite/context';
import { sqliteDevices } from './sqlite/devices';
import { sqliteEvents } from './sqlite/events';
import { type CommitInfo, GroupCommit } from './sqlite/group-commit';
import { sqlitePairingCodes } from './sqlite/pairing-codes';
import { sqlitePush } from './sqlite/push';
import { sqliteReplies } from './sqlite/replies';
import { sqliteRetention } from './sqlite/retention';
import { sqliteStreamLog } from './sqlite/stream-log';

const BUSY_TIMEOUT_MS = 5000;

export type { CommitInfo } from './sqlite/group-commit';

export interface SqliteRelayStoreOptions {
  /** The clock (epoch ms) for created/seen/ended times and for purging expired pairing codes. */
  now?: () => number;
  /**
   * For benchmarks only, to measure what durability costs: the relay always runs `FULL` with
   * group commit. `NORMAL` in WAL mode can lose the last commits to a power cut, after the
   * relay has answered 201 and the daemon has dropped its copy.
   */
  synchronous?: 'FULL' | 'NORMAL';
  /** For benchmarks only: false commits every write on its own. */
  groupCommit?: boolean;
  /** Told about every commit (tests and benchmarks count them). */
  onCommit?: (info: CommitInfo) => void;
  /** Handed the store once it is open (a benchmark reads `pragmas` of the relay it started). */
  onOpen?: (store: SqliteRelayStore) => void;
}

/** The SQLite store; `pragmas` says how the connection was set up. */
export interface SqliteRelayStore extends RelayStore {
  /** `synchronous` as SQLite numbers it: 1 NORMAL, 2 FULL. */
  pragmas(): { journalMode: string; synchronous: number };
}

/**
 * Opens (creating if needed) the relay's SQLite database and brings its schema up to date.
 * `path` may be `':memory:'`. A file's folder is created with mode 0700 and the file is kept
 * at 0600 (SQLite gives its -wal and -shm files the same mode).
 */
export async function openSqliteRelayStore(
  path: string,
  options: SqliteRelayStoreOptions = {},
): Promise<SqliteRelayStore> {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) await prepareFile(path);
  const db = new Database(path);
  try {
    configure(db, inMemory, options.synchronous ?? 'FULL');
    applyMigrations(db);
    const store = createStore(db, inMemory, options);
    options.onOpen?.(store);
    return store;
  } catch (error) {
    db.close();
    throw error;
  }
}

async function prepareFile(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // Create the file ourselves so it is never readable by others, not even for a moment.
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
}

function configure(db: Database.Database, inMemory: boolean, synchronous: 'FULL' | 'NORMAL'): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!inMemory) db.pragma('journal_mode = WAL');
  // FULL: a commit is on disk (the WAL fsynced) before the relay answers 201 and the daemon
  // forgets the report. Group commit keeps that to one fsync per burst of writes.
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('foreign_keys = ON');
  // Erased ciphertext (ended calls, purged rows) is overwritten with zeros, not left in free space.
  db.pragma('secure_delete = ON');
}

/** One store out of its resources, sharing the connection, the clock and the commits. */
function createStore(
  db: Database.Database,
  inMemory: boolean,
  options: SqliteRelayStoreOptions,
): SqliteRelayStore {
  const clock = options.now ?? Date.now;
  const commit = new GroupCommit(db, { batched: options.groupCommit ?? true, onCommit: options.onCommit });
  const ctx: SqliteContext = { db, commit, now: () => Math.floor(clock()) };
  const log = sqliteStreamLog(ctx);
  const codes = sqlitePairingCodes(ctx);
  const leases = sqliteAnswerLeases(ctx, log.append);
  const devices = sqliteDevices(ctx, codes.forgetCodesBy, leases.releaseCallsOf);
  return {
    ...sqliteAccounts(ctx, devices.insertDevice),
    ...devices.store,
    ...codes.store,
    ...sqliteEvents(ctx, log.append),
    ...leases.store,
    ...log.store,
    ...sqliteReplies(ctx, log.append),
    ...sqliteRetention(ctx, inMemory),
    ...sqlitePush(ctx),
    pragmas() {
      return {
        journalMode: db.pragma('journal_mode', { simple: true }) as string,
        synchronous: db.pragma('synchronous', { simple: true }) as number,
      };
    },
    async close() {
      if (!db.open) return;
      commit.close();
      db.pragma('optimize');
      db.close();
    },
  };
}
