// Shared by the SQLite store's own tests: a store that is closed after each test, temporary
// folders, and raw reads of the database file.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import {
  openSqliteRelayStore,
  type SqliteRelayStore,
  type SqliteRelayStoreOptions,
} from '../sqlite-relay-store';

// The backend-independent fixtures moved to the shared suite; tests elsewhere still import them here.
export { allPending, created, device, household, manualClock, newEvent } from '../suite/store-fixtures';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-relay-store-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A store closed after the test. */
export async function open(
  path = ':memory:',
  now?: () => number,
  options: SqliteRelayStoreOptions = {},
): Promise<SqliteRelayStore> {
  const store = await openSqliteRelayStore(path, { ...options, ...(now ? { now } : {}) });
  cleanups.push(() => store.close());
  return store;
}

/** Every row of every table, read straight from the file. */
export function allRows(path: string): { table: string; row: Record<string, unknown> }[] {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((table) => table.name);
    return tables.flatMap((table) =>
      db
        .prepare<[], Record<string, unknown>>(`SELECT * FROM "${table}"`)
        .all()
        .map((row) => ({ table, row })),
    );
  } finally {
    db.close();
  }
}

export function cellsContaining(path: string, needle: string): string[] {
  return allRows(path).flatMap(({ table, row }) =>
    Object.entries(row)
      .filter(([, value]) => String(value).includes(needle))
      .map(([column]) => `${table}.${column}`),
  );
}
