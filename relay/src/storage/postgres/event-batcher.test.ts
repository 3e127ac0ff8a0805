// Group commit on PostgreSQL: events asked for together are stored by one statement.
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../cluster/channels';
import { device, household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Log notifications heard on a connection of its own. */
async function logNotifications(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  client.on('error', () => undefined);
  closers.push(() => client.end());
  const payloads: string[] = [];
  client.on('notification', ({ payload = '' }) => payloads.push(payload));
  await client.query(`LISTEN ${CHANNELS.log}`);
  return payloads;
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.skipIf(!testDatabaseUrl())(`events stored together (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('share one statement and one notification, each account’s log in the order asked', async () => {
    const store = await database.openStore();
    const first = await household(store);
    const second = await household(store);
    const payloads = await logNotifications(database.url());
    const events = Array.from({ length: 30 }, (_, i) => {
      const home = i % 3 === 0 ? second : first;
      return newEvent(home.accountId, home.daemon.deviceId);
    });

    const results = await Promise.all(events.map((event) => store.insertEvent(event)));

    const seqs = (home: typeof first) =>
      results.flatMap((result, i) =>
        result.outcome === 'created' && events[i]?.accountId === home.accountId ? [result.log.seq] : [],
      );
    expect(seqs(first)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(seqs(second)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    await until(() => payloads.flatMap((payload) => payload.split(',')).length === 30);
    expect(payloads).toHaveLength(1);
    const stored = await store.getEvent(first.accountId, events[1]?.eventId ?? '');
    expect(stored).toEqual(results[1]?.outcome === 'created' && results[1].event);
  });

  it('fail only for the event that is wrong: the others are stored once, as new', async () => {
    const store = await database.openStore();
    const { accountId, daemon } = await household(store);
    const elsewhere = await store.createAccount(device('daemon', 'elsewhere'));
    const good = [newEvent(accountId, daemon.deviceId), newEvent(accountId, daemon.deviceId)];
    const repeated = good[0] ?? newEvent(accountId, daemon.deviceId);

    const results = await Promise.allSettled([
      store.insertEvent(good[0] ?? repeated),
      // A device of another account: the foreign key holds, but not for this account's log.
      store.insertEvent(newEvent(accountId, 'no-such-device')),
      store.insertEvent(newEvent('no-such-account', daemon.deviceId)),
      store.insertEvent({ ...repeated, sealed: 'e1.other' }),
      store.insertEvent(good[1] ?? repeated),
      store.insertEvent(newEvent(elsewhere.accountId, elsewhere.deviceId)),
    ]);

    expect(
      results.map((result) => (result.status === 'fulfilled' ? result.value.outcome : 'failed')),
    ).toEqual(['created', 'failed', 'failed', 'repeat', 'created', 'created']);
    expect(await store.latestLogSeq(accountId)).toBe(2);
  });
});
