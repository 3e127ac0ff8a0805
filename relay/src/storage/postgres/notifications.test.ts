// What the store tells other relay instances: NOTIFY sent inside each write's transaction, so
// a listener hears of a write only once it committed, and of an account's log in seq order.
import { Client, type PoolClient } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { CHANNELS } from '../../cluster/channels';
import type { PostgresRelayStore } from '../postgres-relay-store';
import { device, household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

interface Heard {
  channel: string;
  payload: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A separate connection listening on the store's channels; `onHeard` runs as each arrives. */
async function listen(url: string, onHeard: (heard: Heard) => void = () => undefined) {
  const client = new Client({ connectionString: url });
  await client.connect();
  closers.push(() => client.end());
  // The database is dropped WITH (FORCE) after the file, whatever is still connected.
  client.on('error', () => undefined);
  const heard: Heard[] = [];
  const barriersHeard = new Set<string>();
  client.on('notification', ({ channel, payload = '' }) => {
    if (payload.startsWith('barrier-')) barriersHeard.add(payload);
    else {
      heard.push({ channel, payload });
      onHeard({ channel, payload });
    }
  });
  for (const channel of [CHANNELS.log, CHANNELS.devices, CHANNELS.replies])
    await client.query(`LISTEN ${channel}`);
  let barriers = 0;
  return {
    heard,
    /** Everything committed before this call has been heard once it resolves (commit order). */
    async settle(): Promise<Heard[]> {
      barriers += 1;
      const marker = `barrier-${barriers}`;
      await client.query('SELECT pg_notify($1, $2)', [CHANNELS.log, marker]);
      await until(() => barriersHeard.has(marker));
      return heard;
    },
  };
}

async function until(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Holds every COMMIT of the store's connections until `release` is called. */
function holdCommits(store: PostgresRelayStore) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let waiting = 0;
  store.pool.on('acquire', (client: PoolClient) => {
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    // biome-ignore lint/suspicious/noExplicitAny: a test double for pg's overloaded query
    (client as any).query = async (...args: unknown[]) => {
      if (args[0] === 'COMMIT') {
        waiting += 1;
        await gate;
      }
      return query(...args);
    };
  });
  return { release: () => release(), waiting: () => waiting };
}

describe.skipIf(!testDatabaseUrl())(`notifications (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('announces a log entry only once its transaction committed', async () => {
    const store = await database.openStore();
    const { accountId, daemon, phone } = await household(store);
    // (An event is stored by one statement, its own transaction; a status change is a
    // transaction of several, whose COMMIT the test can hold back.)
    const call = newEvent(accountId, daemon.deviceId);
    await store.insertEvent(call);
    const listener = await listen(database.url());
    await listener.settle();
    const held = holdCommits(store);

    const inserting = store.setStatus(accountId, call.eventId, 'answered', phone.deviceId);
    try {
      await until(() => held.waiting() === 1);
      // pg_notify has run inside the transaction; nothing may be heard before COMMIT.
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(listener.heard).toEqual([]);
    } finally {
      held.release();
    }
    const result = await inserting;
    expect(result.outcome).toBe('changed');
    expect(await listener.settle()).toEqual([{ channel: CHANNELS.log, payload: `${accountId}:2` }]);
  });

  it('announces every log entry once, in seq order, each readable when heard', async () => {
    const a = await database.openStore();
    const b = await database.openStore();
    const { accountId, daemon, phone } = await household(a);
    const reader = await database.openStore({ poolSize: 4 });
    const checks: Promise<boolean>[] = [];
    const listener = await listen(database.url(), ({ channel, payload }) => {
      if (channel !== CHANNELS.log) return;
      // Events stored together are announced together, entries joined by ','.
      for (const entry of payload.split(',')) {
        const [account, seq] = entry.split(':');
        if (account !== accountId) continue;
        // Read at the moment it is heard, from another connection: the entry must be there.
        checks.push(
          reader.logSince(accountId, Number(seq) - 1, 1).then((entries) => entries[0]?.seq === Number(seq)),
        );
      }
    });

    const events = Array.from({ length: 40 }, () => newEvent(accountId, daemon.deviceId));
    await Promise.all(events.map((event, i) => (i % 2 === 0 ? a : b).insertEvent(event)));
    await Promise.all(
      events.map((event, i) =>
        (i % 2 === 0 ? b : a).setStatus(accountId, event.eventId, 'answered', phone.deviceId),
      ),
    );
    const heard = (await listener.settle())
      .filter((entry) => entry.channel === CHANNELS.log)
      .flatMap((entry) => entry.payload.split(','));
    expect(heard).toEqual(Array.from({ length: 80 }, (_, i) => `${accountId}:${i + 1}`));
    expect(await Promise.all(checks)).toEqual(heard.map(() => true));
  });

  it('announces nothing for a write that changed nothing', async () => {
    const store = await database.openStore();
    const { accountId, daemon, phone, tablet } = await household(store);
    const event = newEvent(accountId, daemon.deviceId, { source: 'tracker', taskId: 'LIN-1' });
    await store.insertEvent(event);
    await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId);
    const listener = await listen(database.url());
    await listener.settle();

    expect((await store.insertEvent(event)).outcome).toBe('repeat');
    expect((await store.insertEvent({ ...event, eventId: 'other' })).outcome).toBe('duplicate_task');
    expect((await store.setStatus(accountId, event.eventId, 'answered', tablet.deviceId)).outcome).toBe(
      'conflict',
    );
    expect((await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId)).outcome).toBe(
      'unchanged',
    );
    expect(await store.renameDevice(accountId, phone.deviceId, phone.name)).toEqual(phone);
    expect(await store.removeDevice(accountId, 'no-such-device')).toBeNull();
    expect(await listener.settle()).toEqual([]);
  });

  it('announces device changes', async () => {
    const store = await database.openStore();
    const listener = await listen(database.url());
    const claimed = await store.claimRelay(device('daemon', 'laptop'));
    const accountId = claimed?.accountId ?? '';
    const phone = await store.addDevice(accountId, device('app', 'phone'));
    const other = await store.createAccount(device('daemon', 'elsewhere'));
    await store.renameDevice(accountId, phone.deviceId, 'work phone');
    await store.removeDevice(accountId, phone.deviceId);
    expect(await listener.settle()).toEqual(
      [
        `${accountId}:${claimed?.deviceId}:added`,
        `${accountId}:${phone.deviceId}:added`,
        `${other.accountId}:${other.deviceId}:added`,
        `${accountId}:${phone.deviceId}:renamed`,
        `${accountId}:${phone.deviceId}:removed`,
      ].map((payload) => ({ channel: CHANNELS.devices, payload })),
    );
  });

  it('announces a queued reply to its daemon, and every log entry of replies and released calls', async () => {
    const store = await database.openStore();
    const { accountId, daemon, phone } = await household(store);
    const event = newEvent(accountId, daemon.deviceId);
    await store.insertEvent(event); // seq 1
    await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId); // seq 2
    // A second call the phone answered and never replied to: the one its release gives back (a
    // call with a reply is never given back).
    const unfinished = newEvent(accountId, daemon.deviceId);
    await store.insertEvent(unfinished); // seq 3
    await store.setStatus(accountId, unfinished.eventId, 'answered', phone.deviceId); // seq 4
    const listener = await listen(database.url());
    await listener.settle();

    const reply = {
      accountId,
      replyId: 'r-1',
      eventId: event.eventId,
      fromDeviceId: phone.deviceId,
      sealed: 'e1.r',
    };
    await store.insertReply(reply); // seq 5
    expect((await store.insertReply(reply)).outcome).toBe('repeat');
    await store.markReplyDispatched(accountId, 'r-1'); // seq 6
    await store.setReplyResult(accountId, 'r-1', { status: 'delivered' }); // seq 7
    await store.setReplyResult(accountId, 'r-1', { status: 'delivered' });
    await store.releaseCallsOf(accountId, phone.deviceId); // seq 8: the unfinished call only
    expect(await listener.settle()).toEqual([
      { channel: CHANNELS.log, payload: `${accountId}:5` },
      { channel: CHANNELS.replies, payload: `${accountId}:${daemon.deviceId}:r-1` },
      { channel: CHANNELS.log, payload: `${accountId}:6` },
      { channel: CHANNELS.log, payload: `${accountId}:7` },
      { channel: CHANNELS.log, payload: `${accountId}:8` },
    ]);
  });
});
