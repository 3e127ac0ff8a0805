// For tests: a throwaway database per test file, so files run in parallel without meeting.
import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import {
  openPostgresRelayStore,
  type PostgresRelayStore,
  type PostgresRelayStoreOptions,
} from '../postgres-relay-store';

/** Names a database whose role may CREATE DATABASE; PostgreSQL tests are skipped without it. */
export const TEST_DATABASE_ENV = 'RINGBACK_TEST_DATABASE_URL';

export const testDatabaseUrl = (): string | undefined => process.env[TEST_DATABASE_ENV] || undefined;

export interface TestDatabase {
  /** The URL of the new database (the server URL with its database name swapped). */
  url: string;
  name: string;
  /** Empties every table but `schema_version`, and restarts identity columns. */
  reset(): Promise<void>;
  /** Drops the database, closing the connections still open to it. */
  drop(): Promise<void>;
}

/** Creates `<database of the URL>_<random hex>` on the server the URL names. */
export async function createTestDatabase(serverUrl = testDatabaseUrl()): Promise<TestDatabase> {
  if (!serverUrl) throw new Error(`${TEST_DATABASE_ENV} is not set`);
  const base = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres';
  const name = `${base}_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${escapeIdentifier(name)}`));
  const target = new URL(serverUrl);
  target.pathname = `/${encodeURIComponent(name)}`;
  const url = target.toString();
  return {
    url,
    name,
    reset: () =>
      withClient(url, async (client) => {
        const { rows } = await client.query<{ tablename: string }>(
          `SELECT tablename FROM pg_tables
           WHERE schemaname = current_schema() AND tablename <> 'schema_version'`,
        );
        if (rows.length === 0) return;
        const tables = rows.map((row) => escapeIdentifier(row.tablename)).join(', ');
        await client.query(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`);
      }),
    drop: () =>
      withClient(serverUrl, async (client) => {
        // FORCE ends our own sessions, but a role that is not a superuser may not end an
        // autovacuum worker busy on the database (42501) and then waits for it (55006): retried.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
            return;
          } catch (error) {
            const code = (error as { code?: string }).code ?? '';
            if (!['42501', '55006'].includes(code) || attempt >= 50) throw error;
            await new Promise((resolve) => setTimeout(resolve, 200));
          }
        }
      }),
  };
}

async function withClient<T>(url: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * One throwaway database for the calling `describe` (registers its hooks there), emptied
 * before each test, and stores on it, closed after each test. Each store has a pool of its own,
 * as a separate relay process would.
 */
export function sharedTestDatabase() {
  let database: TestDatabase | undefined;
  const opened: PostgresRelayStore[] = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  beforeEach(async () => {
    await database?.reset();
  });
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  const url = (): string => {
    if (!database) throw new Error('no test database');
    return database.url;
  };
  return {
    url,
    async openStore(options: PostgresRelayStoreOptions = {}): Promise<PostgresRelayStore> {
      const store = await openPostgresRelayStore(url(), options);
      opened.push(store);
      return store;
    },
  };
}
