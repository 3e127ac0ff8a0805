// Two relay processes writing a reply and a status of the same call at once must never wait on
// each other in a cycle. PostgreSQL would find such a deadlock after `deadlock_timeout` (1 s)
// and the store would quietly run the loser again; here every connection gives up a lock wait
// before that (`lock_timeout`), so a cycle fails the test instead of only slowing it down.
import { Client, escapeIdentifier } from 'pg';
import { describe, expect, it } from 'vitest';
import type { PostgresRelayStore } from '../postgres-relay-store';
import { household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

const PAIRS = 15;

describe.skipIf(!testDatabaseUrl())(`lock order of a call's writes (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  /** Every new connection to the test database gives up a lock wait before a deadlock is detected. */
  async function lockWaitsShorterThanDeadlockDetection(): Promise<void> {
    const client = new Client({ connectionString: database.url() });
    await client.connect();
    try {
      const { rows } = await client.query<{ setting: string }>(
        "SELECT setting FROM pg_settings WHERE name = 'deadlock_timeout'",
      );
      const deadlockMs = Number(rows[0]?.setting ?? 1000);
      const { rows: names } = await client.query<{ name: string }>('SELECT current_database() AS name');
      // Far above an ordinary wait for one short transaction, below the deadlock detector.
      const lockMs = Math.floor(deadlockMs * 0.9);
      await client.query(
        `ALTER DATABASE ${escapeIdentifier(names[0]?.name ?? '')} SET lock_timeout = '${lockMs}ms'`,
      );
    } finally {
      await client.end();
    }
  }

  it('lets racing reply and status writes of the same calls all finish without a lock cycle', async () => {
    await lockWaitsShorterThanDeadlockDetection();
    const stores: [PostgresRelayStore, PostgresRelayStore] = [
      await database.openStore(),
      await database.openStore(),
    ];
    const [a, b] = stores;
    const { accountId, daemon, phone } = await household(a);
    const events = [];
    for (let i = 0; i < PAIRS; i++) {
      const event = newEvent(accountId, daemon.deviceId);
      await a.insertEvent(event);
      await a.setStatus(accountId, event.eventId, 'answered', phone.deviceId);
      events.push(event);
    }

    const results = await Promise.all(
      events.flatMap((event, i) => [
        a.insertReply({
          accountId,
          replyId: `reply-${i}`,
          eventId: event.eventId,
          fromDeviceId: phone.deviceId,
          sealed: `e1.reply.${i}`,
        }),
        b.setStatus(accountId, event.eventId, 'completed', phone.deviceId),
      ]),
    );

    // Every write went through (a lock wait that hit lock_timeout would have rejected).
    expect(results.map((result) => result.outcome)).toEqual(events.flatMap(() => ['created', 'changed']));
    for (const event of events)
      expect((await b.getEvent(accountId, event.eventId))?.status).toBe('completed');
  });
});
