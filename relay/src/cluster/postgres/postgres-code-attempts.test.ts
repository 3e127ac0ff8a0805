// Wrong codes counted in the database: the same rules as in memory, for all instances together.
import { describe, expect, it } from 'vitest';
import { PAIRING_GUESS_BUDGET } from '../../auth/code-ceilings';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from '../../storage/postgres/test-database';
import { postgresCodeAttempts } from './postgres-code-attempts';

const WINDOW_MS = 10 * 60_000;

describe.skipIf(!testDatabaseUrl())(`wrong codes in PostgreSQL (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('refuse an address past its limit until the window passes, give right codes back, and keep no old rows', async () => {
    const store = await database.openStore();
    let now = 1_000_000_000;
    const options = { perAddressLimit: 5, windowMs: WINDOW_MS, now: () => now };
    // Two instances: two counters on one table.
    const [one, two] = [postgresCodeAttempts(store.pool, options), postgresCodeAttempts(store.pool, options)];

    const right = await one.admit('pairing', '203.0.113.7', 1);
    if (!right.admitted) throw new Error('refused');
    await right.succeeded();
    for (let i = 0; i < 5; i++)
      expect((await (i % 2 ? one : two).admit('pairing', '203.0.113.7', 1)).admitted).toBe(true);
    now += 60_000;
    const refused = await one.admit('claim', '203.0.113.7', 1);
    expect(refused).toEqual({
      admitted: false,
      refusal: 'too_many_attempts',
      retryAfterMs: WINDOW_MS - 60_000,
    });
    expect((await two.admit('pairing', '198.51.100.1', 1)).admitted).toBe(true);

    now += WINDOW_MS;
    expect((await two.admit('pairing', '203.0.113.7', 1)).admitted).toBe(true);
    const { rows } = await store.pool.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM code_attempts',
    );
    // The two rows (address and ceiling) of the last attempt; the older ones were swept.
    expect(rows[0]?.count).toBe(2);
  });

  it('pause every address once the relay-wide ceiling is spent', async () => {
    const store = await database.openStore();
    const now = 1_000_000_000;
    const attempts = postgresCodeAttempts(store.pool, {
      perAddressLimit: 5,
      windowMs: WINDOW_MS,
      now: () => now,
    });
    expect((await attempts.admit('pairing', '192.0.2.1', PAIRING_GUESS_BUDGET - 1)).admitted).toBe(true);
    expect((await attempts.admit('pairing', '192.0.2.2', 1)).admitted).toBe(true);
    expect(await attempts.admit('pairing', '192.0.2.3', 1)).toEqual({
      admitted: false,
      refusal: 'pairing_paused',
      retryAfterMs: WINDOW_MS,
    });
  });
});
