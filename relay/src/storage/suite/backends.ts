// Runs one suite of store tests against every backend: SQLite always, PostgreSQL when
// RINGBACK_TEST_DATABASE_URL names a server (a throwaway database per test file).
import { join } from 'node:path';
import { describe } from 'vitest';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from '../postgres/test-database';
import type { RelayStore } from '../relay-store';
import { allRows, open as openSqlite, tempDir } from '../sqlite/store-fixtures';

export interface StoreBackend {
  name: 'sqlite' | 'postgres';
  /** An empty store, closed after the test. */
  open(now?: () => number): Promise<RelayStore>;
  /** An empty store whose tables the test can also read directly, beside the store. */
  openInspectable(now?: () => number): Promise<{
    store: RelayStore;
    rows(table: string): Promise<Record<string, unknown>[]>;
  }>;
  /** What the error of a write that breaks a UNIQUE constraint says. */
  uniqueViolation: RegExp;
}

/** Declares the tests in `body` once per backend, each in a `describe` named after it. */
export function forEachBackend(body: (backend: StoreBackend) => void): void {
  describe('sqlite', () => body(sqliteBackend()));
  describe.skipIf(!testDatabaseUrl())(`postgres (needs ${TEST_DATABASE_ENV})`, () => body(postgresBackend()));
}

function sqliteBackend(): StoreBackend {
  return {
    name: 'sqlite',
    open: (now) => openSqlite(':memory:', now),
    async openInspectable(now) {
      const path = join(await tempDir(), 'relay.db');
      const store = await openSqlite(path, now);
      return {
        store,
        rows: async (table) => allRows(path).flatMap((entry) => (entry.table === table ? [entry.row] : [])),
      };
    },
    uniqueViolation: /UNIQUE/,
  };
}

/** Registers its hooks in the calling `describe`: one database for the file, emptied per test. */
function postgresBackend(): StoreBackend {
  const database = sharedTestDatabase();
  const open = (now?: () => number) => database.openStore(now ? { now } : {});
  return {
    name: 'postgres',
    open,
    async openInspectable(now) {
      const store = await open(now);
      return {
        store,
        rows: async (table) => (await store.pool.query(`SELECT * FROM ${table} ORDER BY 1`)).rows,
      };
    },
    uniqueViolation: /violates unique constraint/,
  };
}
