// A reply that commits while a lapsed lease is being given back must keep the call: the sweep
// decides under the call's lock, and a decision read before that lock was granted is stale.
import { Client } from 'pg';
import { describe, expect, it } from 'vitest';
import { waitUntil } from '../../routes/cleanup-fixture';
import { created, household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

describe.skipIf(!testDatabaseUrl())(`a lapsed call and its reply (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('a call its answerer replied to while the sweep waited for its lock is not returned', async () => {
    const store = await database.openStore();
    const { accountId, daemon, phone } = await household(store);
    const { event } = await created(store, newEvent(accountId, daemon.deviceId));
    await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, 0);

    // Another instance writing the reply: it holds the call's row, as the store's reply write does.
    const replier = new Client({ connectionString: database.url() });
    await replier.connect();
    try {
      await replier.query('BEGIN');
      await replier.query('SELECT 1 FROM events WHERE account_id = $1 AND event_id = $2 FOR UPDATE', [
        accountId,
        event.eventId,
      ]);
      const sweep = store.releaseLapsedCalls({ limit: 10 });
      // A deadline a loaded 2-core machine meets; the wait ends as soon as the sweep blocks.
      await waitUntil(
        async () => {
          // Any other session of this test's own database waiting on a lock is the sweep. Its query
          // text is not matched: pg_stat_activity cuts it at track_activity_query_size (1 kB), and
          // the sweep's column list pushes its `FOR UPDATE` past that.
          const { rows } = await replier.query(
            `SELECT 1 FROM pg_stat_activity
             WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
          );
          return rows.length > 0;
        },
        'the sweep waiting for the call',
        60_000,
      );
      await replier.query(
        `INSERT INTO replies (account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status,
           created_at, updated_at)
         VALUES ($1, 'r-1', $2, $3, $4, 'e1.k.reply.eA', 'queued', $5, $5)`,
        [accountId, event.eventId, phone.deviceId, daemon.deviceId, Date.now()],
      );
      await replier.query('COMMIT');

      expect(await sweep).toEqual([]);
      expect(await store.getEvent(accountId, event.eventId)).toMatchObject({
        status: 'answered',
        handledBy: phone.deviceId,
      });
    } finally {
      await replier.end();
    }
  }, 120_000); // two connections and a blocked sweep on a shared 2-core machine: over 30 s at times
});
