import { Pool } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgresRelayStore } from '../postgres-relay-store';
import { created, household, newEvent } from '../suite/store-fixtures';
import { ADVISORY_LOCKS } from './advisory-locks';
import { databaseTimeouts } from './database-timeouts';
import { applyPostgresMigrations, POSTGRES_MIGRATIONS } from './migrations';
import { createTestDatabase, TEST_DATABASE_ENV, type TestDatabase, testDatabaseUrl } from './test-database';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh, empty database of its own, dropped after the test. */
async function freshDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  return database;
}

function poolOn(database: TestDatabase, max = 2): Pool {
  const pool = new Pool({ connectionString: database.url, max });
  // Dropping the database terminates connections a pool may still be closing: the server's
  // goodbye then reaches the pool as an error, which must not go unheard (an uncaught exception).
  pool.on('error', () => undefined);
  cleanups.push(() => pool.end());
  return pool;
}

const schemaVersion = async (pool: Pool) =>
  (await pool.query<{ version: number }>('SELECT version FROM schema_version')).rows[0]?.version;

describe.skipIf(!testDatabaseUrl())(`PostgreSQL migrations (needs ${TEST_DATABASE_ENV})`, () => {
  it('creates the schema in a fresh database and keeps the data on reopening', async () => {
    const database = await freshDatabase();
    const first = await openPostgresRelayStore(database.url);
    const { accountId, daemon, daemonTokenHash } = await household(first);
    const { log } = await created(first, newEvent(accountId, daemon.deviceId));
    await first.close();

    const pool = poolOn(database);
    expect(await schemaVersion(pool)).toBe(POSTGRES_MIGRATIONS.length);
    const tables = await pool.query<{ tablename: string }>(
      "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
    );
    // Later entries add other parts' tables beside the store's.
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining([
        'account_log',
        'accounts',
        'devices',
        'events',
        'pairing_codes',
        'replies',
        'schema_version',
      ]),
    );

    const again = await openPostgresRelayStore(database.url);
    cleanups.push(() => again.close());
    expect(await again.hasAccounts()).toBe(true);
    expect((await again.deviceByTokenHash(daemonTokenHash))?.deviceId).toBe(daemon.deviceId);
    expect(await again.listDevices(accountId)).toHaveLength(3);
    expect(await again.latestLogSeq(accountId)).toBe(log.seq);
    expect((await created(again, newEvent(accountId, daemon.deviceId))).log.seq).toBe(log.seq + 1);
  });

  it('keeps the previous release’s ringback_insert_events working beside the new one (rolling upgrade)', async () => {
    const database = await freshDatabase();
    const store = await openPostgresRelayStore(database.url);
    cleanups.push(() => store.close());
    const { accountId, daemon } = await household(store);

    // What a relay of the previous release, still running during the upgrade, calls.
    const pool = poolOn(database);
    const { rows } = await pool.query<{ outcome: string; seq: string }>(
      'SELECT outcome, seq FROM ringback_insert_events($1, $2, $3, $4, $5, $6, $7, $8, $9)',
      [
        [accountId],
        ['old-release-1'],
        ['claude-code'],
        ['2026-12-01T00:00:00.000Z'],
        [null],
        ['sealed'],
        [daemon.deviceId],
        1,
        'old_channel',
      ],
    );
    expect(rows.map((row) => row.outcome)).toEqual(['created']);
    expect((await store.getEvent(accountId, 'old-release-1'))?.status).toBe('pending');
  });

  it('applies only the missing migrations', async () => {
    const pool = poolOn(await freshDatabase());
    const to = POSTGRES_MIGRATIONS.length;
    expect(await applyPostgresMigrations(pool)).toEqual({ from: 0, to });
    // Re-running the first migration would fail: its CREATE TABLEs have no IF NOT EXISTS.
    expect(await applyPostgresMigrations(pool)).toEqual({ from: to, to });
    const extended = [...POSTGRES_MIGRATIONS, 'CREATE TABLE extra (x INTEGER)'];
    expect(await applyPostgresMigrations(pool, extended)).toEqual({ from: to, to: extended.length });
    expect(await schemaVersion(pool)).toBe(extended.length);
    expect(await applyPostgresMigrations(pool, extended)).toEqual({
      from: extended.length,
      to: extended.length,
    });
  });

  it('rolls a failing migration back entirely', async () => {
    const pool = poolOn(await freshDatabase());
    await applyPostgresMigrations(pool);
    const broken = [
      ...POSTGRES_MIGRATIONS,
      'CREATE TABLE extra (x INTEGER); INSERT INTO missing VALUES (1);',
    ];
    await expect(applyPostgresMigrations(pool, broken)).rejects.toThrow(/missing/);
    expect(await schemaVersion(pool)).toBe(POSTGRES_MIGRATIONS.length);
    expect((await pool.query("SELECT to_regclass('extra') AS found")).rows[0]?.found).toBeNull();
  });

  it('refuses a database written by a newer relay', async () => {
    const database = await freshDatabase();
    const pool = poolOn(database);
    await applyPostgresMigrations(pool);
    await pool.query('UPDATE schema_version SET version = $1', [POSTGRES_MIGRATIONS.length + 1]);
    await expect(openPostgresRelayStore(database.url)).rejects.toThrow(/newer than this relay knows/);
  });

  it('migrates once when several relays open a fresh database at the same time', async () => {
    const database = await freshDatabase();
    const stores = await Promise.all(Array.from({ length: 6 }, () => openPostgresRelayStore(database.url)));
    for (const store of stores) cleanups.push(() => store.close());
    expect(await schemaVersion(stores[0]?.pool as Pool)).toBe(POSTGRES_MIGRATIONS.length);
    // Every one of them works on the schema.
    const accounts = await Promise.all(stores.map((store) => household(store)));
    expect(new Set(accounts.map((account) => account.accountId)).size).toBe(stores.length);
  });

  it('applies each missing entry exactly once under concurrent starts', async () => {
    const database = await freshDatabase();
    const counted = [
      ...POSTGRES_MIGRATIONS,
      'CREATE TABLE IF NOT EXISTS migration_runs (at TIMESTAMPTZ NOT NULL DEFAULT now()); INSERT INTO migration_runs DEFAULT VALUES;',
    ];
    const pools = Array.from({ length: 6 }, () => poolOn(database, 1));
    const results = await Promise.all(pools.map((pool) => applyPostgresMigrations(pool, counted)));
    expect(results.filter((result) => result.from === 0)).toEqual([{ from: 0, to: counted.length }]);
    expect(results.filter((result) => result.from === counted.length)).toHaveLength(pools.length - 1);
    const runs = await pools[0]?.query<{ runs: number }>('SELECT count(*)::int AS runs FROM migration_runs');
    expect(runs?.rows[0]?.runs).toBe(1);
  });

  it('is not cut off by the relay’s short statement timeout while another relay migrates, or on a slow server', async () => {
    const database = await freshDatabase();
    // Another relay holds the migrations' lock for a while, longer than a request may take.
    const other = poolOn(database, 1);
    const holder = await other.connect();
    await holder.query(`SELECT pg_advisory_lock(${ADVISORY_LOCKS.migrations})`);
    const released = new Promise<void>((resolve) =>
      setTimeout(() => {
        void holder.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCKS.migrations})`).then(() => {
          holder.release();
          resolve();
        });
      }, 600),
    );
    const timeouts = { ...databaseTimeouts({}), statementMs: 100, answerMs: 200 };
    const store = await openPostgresRelayStore(database.url, { timeouts });
    cleanups.push(() => store.close());
    await released;
    expect(await schemaVersion(poolOn(database))).toBe(POSTGRES_MIGRATIONS.length);
    // Its requests still have the short timeout: the migrations' own ended with their transaction.
    expect((await store.pool.query<{ statement_timeout: string }>('SHOW statement_timeout')).rows).toEqual([
      { statement_timeout: '100ms' },
    ]);
    expect(await store.pool.query('SELECT pg_sleep(5)').catch((error: unknown) => error)).toMatchObject({
      code: '57014',
    });
  });
});
