// Two relay processes writing a reply and a status of the same call at once must never wait on
// each other in a cycle. PostgreSQL finds such a deadlock after `deadlock_timeout` (1 s) and
// aborts one side (40P01), which the store quietly runs again: the writes succeed, a second late.
// So the test watches every statement's error on the database connections and counts deadlocks.
import { Client } from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PostgresRelayStore } from '../postgres-relay-store';
import { household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

const PAIRS = 15;
const DEADLOCK_DETECTED = '40P01';

describe.skipIf(!testDatabaseUrl())(`lock order of a call's writes (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();
  const deadlocks: unknown[] = [];
  const query = Client.prototype.query;
  beforeEach(() => {
    deadlocks.length = 0;
    // Every connection of the stores' pools is a pg Client: its statements' failures are seen here.
    Client.prototype.query = function watched(this: Client, ...args: unknown[]) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise)
        result.catch((error: { code?: string }) => {
          if (error?.code === DEADLOCK_DETECTED) deadlocks.push(error);
        });
      return result;
    } as typeof query;
  });
  afterEach(() => {
    Client.prototype.query = query;
  });

  it('lets racing reply and status writes of the same calls all finish with no deadlock', async () => {
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

    expect(deadlocks).toEqual([]);
    expect(results.map((result) => result.outcome)).toEqual(events.flatMap(() => ['created', 'changed']));
    for (const event of events)
      expect((await b.getEvent(accountId, event.eventId))?.status).toBe('completed');
  });
});
