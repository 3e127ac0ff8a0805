import pg, { Pool } from 'pg';
import { describe, expect, it } from 'vitest';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './postgres/test-database';
import { household, newEvent } from './suite/store-fixtures';

describe.skipIf(!testDatabaseUrl())(`the PostgreSQL store (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('reads BIGINT as numbers on its own pool, leaving the global type parsers alone', async () => {
    const store = await database.openStore();
    const own = await store.pool.query<{ big: unknown }>('SELECT 9007199254740991::bigint AS big');
    expect(own.rows[0]?.big).toBe(Number.MAX_SAFE_INTEGER);
    const other = new Pool({ connectionString: database.url(), max: 1 });
    try {
      expect((await other.query<{ big: unknown }>('SELECT 42::bigint AS big')).rows[0]?.big).toBe('42');
    } finally {
      await other.end();
    }
    expect(pg.types.getTypeParser(20, 'text')('42')).toBe('42');
  });

  it('finishes the writes already asked for when closed, then refuses new ones', async () => {
    const store = await database.openStore({ poolSize: 1 });
    const { accountId, daemon } = await household(store);
    // More writes than connections: most are still waiting for one when close is called.
    const writes = Array.from({ length: 10 }, () => store.insertEvent(newEvent(accountId, daemon.deviceId)));
    const reads = [store.latestLogSeq(accountId), store.listDevices(accountId)];
    const closing = store.close();
    expect((await Promise.all(writes)).map((result) => result.outcome)).toEqual(Array(10).fill('created'));
    await Promise.all(reads);
    await closing;
    await store.close();
    await expect(store.insertEvent(newEvent(accountId, daemon.deviceId))).rejects.toThrow(/closed/);
    await expect(store.getEvent(accountId, 'evt-1')).rejects.toThrow(/closed/);

    const again = await database.openStore();
    expect(await again.latestLogSeq(accountId)).toBe(10);
  });

  it('hands itself to onOpen', async () => {
    let handed: unknown;
    const store = await database.openStore({ onOpen: (opened) => (handed = opened) });
    expect(handed).toBe(store);
  });
});
