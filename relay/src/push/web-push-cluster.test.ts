// Three relay instances on one PostgreSQL database pushing to a real (local) push service: each
// push of a call goes out once, whichever instance stored it, claims its re-alerts or ends it.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { type RunningRelay, startRelay } from '../start-relay';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../storage/postgres/test-database';
import { startLocalPushService } from './local-push-service';
import type { PushTuning } from './push-settings';
import { relayCall } from './relay-call';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

let database: TestDatabase | undefined;
beforeAll(async () => {
  if (testDatabaseUrl()) database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

/** A missed call is pushed at 0, 1 and 2 s, then missed at 2.5 s: four pushes, if each goes once. */
const TUNING: PushTuning = {
  allowHttpPushEndpoints: true,
  realertMs: { base: 1000, jitter: 0 },
  ringWindowMs: 2500,
  schedulerTickMs: 10,
};

async function instances(count: number): Promise<RunningRelay[]> {
  if (!database) throw new Error('no test database');
  const started: RunningRelay[] = [];
  for (let i = 0; i < count; i++) {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-push-cluster-'));
    const relay = await startRelay({
      dataDir,
      database: database.url,
      port: 0,
      openSignup: true,
      logger: createSilentRelayLogger(),
      pushSubject: 'https://relay.example.com',
      push: TUNING,
    });
    cleanups.push(async () => {
      await relay.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    started.push(relay);
  }
  return started;
}

const call = relayCall;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!testDatabaseUrl())('Web Push from three PostgreSQL relay instances', () => {
  it('sends each push of a call once, whichever instance stores, re-alerts or ends it', async () => {
    const pushService = await startLocalPushService();
    cleanups.push(() => pushService.close());
    const relays = await instances(3);
    const [a, b, c] = relays as [RunningRelay, RunningRelay, RunningRelay];
    const daemon = await call<DeviceCredentials>(a, 'POST', '/v1/accounts', {
      kind: 'daemon',
      name: 'Laptop',
    });
    const { code } = await call<{ code: string }>(b, 'POST', '/v1/pairing-codes', {}, daemon.deviceToken);
    const phone = await call<DeviceCredentials>(c, 'POST', '/v1/pairing-codes/redeem', {
      code,
      kind: 'app',
      name: 'Phone',
    });
    // Every instance serves the one key pair the first of them stored.
    const keys = await Promise.all(
      relays.map((relay) =>
        call<{ publicKey: string }>(relay, 'GET', '/v1/push/key', undefined, phone.deviceToken),
      ),
    );
    expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
    const subscription = await pushService.subscribe(keys[0]?.publicKey ?? '');
    const { clientHash: _, ...body } = subscription;
    await call(b, 'POST', '/v1/push/subscription', body, phone.deviceToken);

    const answered = ['answered-0', 'answered-1', 'answered-2'];
    const missed = ['missed-0', 'missed-1', 'missed-2'];
    const pushesOf = async (eventId: string) =>
      (await pushService.received(subscription)).filter((push) => push === JSON.stringify({ id: eventId }))
        .length;
    const post = (relay: RunningRelay, eventId: string) =>
      call(
        relay,
        'POST',
        '/v1/daemon/events',
        {
          eventId,
          source: 'claude-code',
          occurredAt: new Date().toISOString(),
          sealed: 'e1.abcdefghijkl.aXY.c2VhbGVk',
        },
        daemon.deviceToken,
      );
    // Each answered on another instance than the one that stored it, well before its first re-alert.
    for (const [i, eventId] of answered.entries()) {
      await post(relays[i % 3] as RunningRelay, eventId);
      await call(
        relays[(i + 1) % 3] as RunningRelay,
        'POST',
        `/v1/events/${eventId}/status`,
        { status: 'answered' },
        phone.deviceToken,
      );
    }
    for (const [i, eventId] of missed.entries()) await post(relays[i % 3] as RunningRelay, eventId);

    await sleep((TUNING.ringWindowMs ?? 0) + 1000);
    const counts = Object.fromEntries(
      await Promise.all([...answered, ...missed].map(async (id) => [id, await pushesOf(id)])),
    );
    // Answered: the first push and the last one. Missed: at 0, 1, 2 s and the missed call's push
    // (3 if a late claim pushed the last re-alert past the window). Sent by two instances, each
    // re-alert or last push would come at least twice.
    for (const eventId of answered) expect(counts[eventId], eventId).toBe(2);
    for (const eventId of missed) expect([3, 4], eventId).toContain(counts[eventId]);
  });
});
