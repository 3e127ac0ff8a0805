import { describe, expect, it } from 'vitest';
import { isConnectionFailure } from './connection-failure';
import { databaseTimeouts } from './database-timeouts';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

describe('databaseTimeouts', () => {
  it('takes each env override of whole milliseconds, and keeps the default for anything else', () => {
    const defaults = databaseTimeouts({});
    const tuned = databaseTimeouts({
      RINGBACK_DATABASE_PROBE_INTERVAL_MS: '300',
      RINGBACK_DATABASE_PROBE_DEADLINE_MS: '1000',
      RINGBACK_DATABASE_STATEMENT_TIMEOUT_MS: '2000',
      RINGBACK_DATABASE_CONNECT_TIMEOUT_MS: 'soon',
    });
    expect(tuned).toMatchObject({ probeIntervalMs: 300, probeDeadlineMs: 1000, statementMs: 2000 });
    expect(tuned.connectMs).toBe(defaults.connectMs);
    // The client waits for the server's own cancel, then a little more.
    expect(tuned.answerMs).toBeGreaterThan(tuned.statementMs);
    expect(databaseTimeouts({ RINGBACK_DATABASE_PROBE_DEADLINE_MS: '5' }).probeDeadlineMs).toBe(
      defaults.probeDeadlineMs,
    );
  });
});

describe.skipIf(!testDatabaseUrl())(`the store's pool (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('has the server cancel a statement past its timeout, a failure the relay answers 503', async () => {
    const store = await database.openStore({ timeouts: { ...databaseTimeouts({}), statementMs: 200 } });
    const failure = await store.pool.query('SELECT pg_sleep(30)').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '57014' });
    expect(isConnectionFailure(failure)).toBe(true);
    // The pool goes on serving.
    expect((await store.pool.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });
});
