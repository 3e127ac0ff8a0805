// The relay pushing to a real (local) push service, end to end: what the service decrypts, how
// often a call is pushed, and which subscriptions are dropped.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DeviceCredentials, PUSH_WAKE_BYTES, type PushWake } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { type RunningRelay, startRelay } from '../start-relay';
import { allRows } from '../storage/sqlite/store-fixtures';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from './local-push-service';
import type { PushTuning } from './push-settings';
import { relayCall } from './relay-call';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Re-alerts every 300 ms for 1.2 s: a call missed is pushed at 0, 0.3, 0.6, 0.9 and 1.2 s. A last
 * push a push service fails is sent again every 300 ms for 10 s.
 */
const TUNING: PushTuning = {
  realertMs: { base: 300, jitter: 0 },
  ringWindowMs: 1200,
  lastPushWindowMs: 10_000,
  lastPushLeaseMs: 300,
  schedulerTickMs: 20,
};

const SEALED_TEXT = 'e1.abcdefghijkl.aXY.Y2FsbCB0ZXh0IHRoYXQgbXVzdCBuZXZlciBiZSBwdXNoZWQ';

/**
 * How long one step may take where the relay's clock is the test's (a push sent, its worker thread
 * started): a deadline for progress on a loaded machine, never a measure of when pushes are due.
 */
const STEP_MS = 60_000;

/**
 * The relay's clock, moved only by the test: a re-alert is due when the test moves it there, not
 * when real time gets there, so a test counts pushes at moments it chose, however busy the machine
 * (the scheduler still ticks on real time, every `schedulerTickMs`, and claims what is due then).
 */
function manualClock() {
  let at = Date.now();
  return {
    now: () => at,
    advance(ms: number) {
      at += ms;
    },
  };
}

/** A relay with push `tuning` (TUNING unless changed), a real local push service, and `clock` if given. */
async function setUp(tuning: Partial<PushTuning> = {}, clock?: ReturnType<typeof manualClock>) {
  const pushService = await startLocalPushService();
  cleanups.push(() => pushService.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-push-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const start = () =>
    startRelay({
      dataDir,
      port: 0,
      openSignup: true,
      logger: createSilentRelayLogger(),
      pushSubject: 'mailto:ops@example.com',
      push: { ...TUNING, allowedPushOrigins: [pushService.origin], ...tuning },
      ...(clock ? { now: clock.now } : {}),
    });
  let relay = await start();
  let running = true;
  cleanups.push(async () => {
    if (running) await relay.close();
  });
  const client = relayClient(() => relay);
  const daemon = await client.post<DeviceCredentials>('/v1/accounts', { kind: 'daemon', name: 'Laptop' });
  const pair = async (name: string) => {
    const { code } = await client.post<{ code: string }>('/v1/pairing-codes', {}, daemon.deviceToken);
    return client.post<DeviceCredentials>('/v1/pairing-codes/redeem', { code, kind: 'app', name });
  };
  /** An app device subscribed with the push service, as its service worker would be. */
  const subscribedPhone = async (name: string) => {
    const phone = await pair(name);
    const { publicKey } = await client.get<{ publicKey: string }>('/v1/push/key', phone.deviceToken);
    const subscription = await pushService.subscribe(publicKey);
    const { clientHash: _, ...body } = subscription;
    await client.post('/v1/push/subscription', body, phone.deviceToken);
    return { phone, subscription };
  };
  const postCall = (eventId: string) =>
    client.post(
      '/v1/daemon/events',
      { eventId, source: 'codex', occurredAt: new Date().toISOString(), sealed: SEALED_TEXT },
      daemon.deviceToken,
    );
  /** Stops the relay, runs `meanwhile` on its data dir, and starts another relay on it. */
  const restart = async (meanwhile: (dataDir: string) => Promise<void>) => {
    running = false;
    await relay.close();
    await meanwhile(dataDir);
    relay = await start();
    running = true;
  };
  return { client, pushService, daemon, pair, subscribedPhone, postCall, restart, dataDir };
}

function relayClient(relay: () => RunningRelay) {
  const call = <T>(method: string, path: string, body?: object, token?: string) =>
    relayCall<T>(relay(), method, path, body, token);
  return {
    get: <T>(path: string, token: string) => call<T>('GET', path, undefined, token),
    post: <T>(path: string, body: object, token?: string) => call<T>('POST', path, body, token),
    delete: (path: string, token: string) => call('DELETE', path, undefined, token),
  };
}

async function until(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** The relay's push schedule rows, read from its SQLite file beside the running relay. */
const scheduleRows = async (dataDir: string) =>
  allRows(join(dataDir, 'relay.db')).filter((entry) => entry.table === 'push_schedule');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const countOf = async (service: LocalPushService, subscription: LocalSubscription) =>
  (await service.received(subscription)).length;

/** What the device decrypted, each push parsed (the padding is trailing spaces). */
const wakesOf = async (service: LocalPushService, subscription: LocalSubscription) =>
  (await service.received(subscription)).map((push) => JSON.parse(push) as PushWake);

const kindsOf = async (service: LocalPushService, subscription: LocalSubscription, eventId?: string) =>
  (await wakesOf(service, subscription))
    .filter((wake) => eventId === undefined || wake.id === eventId)
    .map((wake) => wake.kind);

/**
 * Moves the relay's clock through three more re-alert moments while another call rings, each one
 * waited for until that call is rung again: the scheduler ran at each, so a call it no longer
 * pushes (`done`) had its chance to be pushed there too. Checks that it was not.
 */
async function ringsOnWithout(
  clock: ReturnType<typeof manualClock>,
  service: LocalPushService,
  subscription: LocalSubscription,
  postCall: (eventId: string) => Promise<unknown>,
  done: string,
): Promise<void> {
  const pushesOf = async (eventId: string) => (await kindsOf(service, subscription, eventId)).length;
  const before = await pushesOf(done);
  await postCall('evt-still-ringing');
  await until(async () => (await pushesOf('evt-still-ringing')) >= 1, 'the other call’s push', STEP_MS);
  for (const rung of [2, 3, 4]) {
    clock.advance(TUNING.realertMs?.base ?? 0);
    await until(
      async () => (await pushesOf('evt-still-ringing')) >= rung,
      'the other call’s re-alert',
      STEP_MS,
    );
  }
  expect(await pushesOf(done)).toBe(before);
}

describe('Web Push to a real push service', () => {
  it('delivers a push that decrypts to the call’s id and `ring`, padded, holding no call text', async () => {
    const { pushService, subscribedPhone, postCall } = await setUp();
    const { subscription } = await subscribedPhone('Phone');
    await postCall('0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b');
    await until(async () => (await countOf(pushService, subscription)) > 0, 'the push');
    const [first] = await pushService.received(subscription);
    expect(first?.trimEnd()).toBe('{"id":"0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b","kind":"ring"}');
    expect(Buffer.byteLength(first ?? '')).toBe(PUSH_WAKE_BYTES);
    expect(first).not.toContain('abcdefghijkl');
    expect(first).not.toContain('codex');
  });

  it(
    'pushes again while the call rings, then once more when it is answered, and stops',
    async () => {
      const clock = manualClock();
      const { pushService, subscribedPhone, postCall, client } = await setUp({}, clock);
      const { subscription } = await subscribedPhone('Phone');
      const { phone: tablet } = await subscribedPhone('Tablet of someone with a very long device name');
      await postCall('evt-answered');
      await until(async () => (await countOf(pushService, subscription)) >= 1, 'the first push', STEP_MS);
      // A re-alert interval later on the relay's clock: rung again.
      clock.advance(TUNING.realertMs?.base ?? 0);
      await until(async () => (await countOf(pushService, subscription)) >= 2, 'a re-alert', STEP_MS);
      // Answered before the clock comes to the next re-alert: nothing else is due meanwhile.
      await client.post('/v1/events/evt-answered/status', { status: 'answered' }, tablet.deviceToken);
      await until(
        async () => (await kindsOf(pushService, subscription)).includes('ended'),
        'the last push',
        STEP_MS,
      );
      const wakes = await wakesOf(pushService, subscription);
      expect(wakes).toEqual([
        { id: 'evt-answered', kind: 'ring' },
        { id: 'evt-answered', kind: 'ring' },
        {
          id: 'evt-answered',
          kind: 'ended',
          status: 'answered',
          by: tablet.deviceId,
          // Cut to PUSH_DEVICE_NAME_CHARS (40).
          byName: 'Tablet of someone with a very long devic',
        },
      ]);
      // It stops: through the re-alerts that follow, at which another call rings, it gets nothing.
      await ringsOnWithout(clock, pushService, subscription, postCall, 'evt-answered');
      expect(
        await wakesOf(pushService, subscription).then((all) =>
          all.filter((wake) => wake.id === 'evt-answered'),
        ),
      ).toEqual(wakes);
      // Every kind the same size: a push service cannot tell a ring from an answer.
      const sizes = (await pushService.received(subscription)).map((push) => Buffer.byteLength(push));
      expect(new Set(sizes)).toEqual(new Set([PUSH_WAKE_BYTES]));
    },
    4 * STEP_MS,
  );

  it(
    're-alerts an unanswered call through its ring window, then sends the missed call’s push, and stops',
    async () => {
      const clock = manualClock();
      const { pushService, subscribedPhone, postCall } = await setUp({}, clock);
      const { subscription } = await subscribedPhone('Phone');
      const kinds = () => kindsOf(pushService, subscription, 'evt-missed');
      await postCall('evt-missed');
      await until(async () => (await kinds()).length >= 1, 'the first push', STEP_MS);
      // Rung at 0, and again at 0.3, 0.6 and 0.9 s of the relay's clock: each when it is due.
      for (const rung of [2, 3, 4]) {
        clock.advance(TUNING.realertMs?.base ?? 0);
        await until(async () => (await kinds()).length >= rung, `re-alert ${rung - 1}`, STEP_MS);
      }
      expect(await kinds()).toEqual(['ring', 'ring', 'ring', 'ring']);
      // At 1.2 s its ring window is over: the missed call's push, and nothing else.
      clock.advance(TUNING.realertMs?.base ?? 0);
      await until(async () => (await kinds()).includes('missed'), 'the missed call’s push', STEP_MS);
      expect(await kinds()).toEqual(['ring', 'ring', 'ring', 'ring', 'missed']);
      // It stops: through the re-alerts that follow, at which another call rings, it gets nothing.
      await ringsOnWithout(clock, pushService, subscription, postCall, 'evt-missed');
      expect(await kinds()).toEqual(['ring', 'ring', 'ring', 'ring', 'missed']);
      const sizes = (await pushService.received(subscription)).map((push) => Buffer.byteLength(push));
      expect(new Set(sizes)).toEqual(new Set([PUSH_WAKE_BYTES]));
    },
    4 * STEP_MS,
  );

  it('re-alerts no more a device that asked for quiet, and still tells it the call was missed', async () => {
    const { pushService, subscribedPhone, postCall, client } = await setUp();
    const { phone, subscription: quiet } = await subscribedPhone('Phone');
    const { subscription: ringing } = await subscribedPhone('Tablet');
    await postCall('evt-quiet');
    await until(async () => (await countOf(pushService, quiet)) >= 1, 'the first push');
    await client.post('/v1/events/evt-quiet/quiet', {}, phone.deviceToken);
    const ringsBefore = await countOf(pushService, quiet);
    await until(async () => (await kindsOf(pushService, quiet)).includes('missed'), 'the missed push');
    const quietKinds = await kindsOf(pushService, quiet);
    // A re-alert already on its way as the device asked may still land; none claimed after it.
    expect(quietKinds.filter((kind) => kind === 'ring').length).toBeLessThanOrEqual(ringsBefore + 1);
    expect(quietKinds.at(-1)).toBe('missed');
    await until(
      async () => (await kindsOf(pushService, ringing)).includes('missed'),
      'the tablet’s last push',
    );
    expect(
      (await kindsOf(pushService, ringing)).filter((kind) => kind === 'ring').length,
    ).toBeGreaterThanOrEqual(4);
  });

  it('sends a last push the push service failed again, within its window, until it gets through', async () => {
    const { pushService, subscribedPhone, postCall, client, dataDir } = await setUp({ ringWindowMs: 20_000 });
    const { subscription } = await subscribedPhone('Phone');
    const { phone: tablet } = await subscribedPhone('Tablet');
    await postCall('evt-retried');
    await until(async () => (await countOf(pushService, subscription)) >= 1, 'the first push');
    pushService.failWith(500);
    await client.post('/v1/events/evt-retried/status', { status: 'rejected' }, tablet.deviceToken);
    const path = new URL(subscription.endpoint).pathname;
    const hits = pushService.hits(path);
    // Refused twice or more (the relay's own re-sends, beside its queue's retry), then it is back.
    await until(() => pushService.hits(path) >= hits + 2, 'the failed attempts');
    pushService.failWith(null);
    await until(async () => (await kindsOf(pushService, subscription)).includes('ended'), 'the last push');
    const wakes = await wakesOf(pushService, subscription);
    expect(wakes.at(-1)).toMatchObject({ kind: 'ended', status: 'rejected', by: tablet.deviceId });
    // Delivered: its schedule is over (a retry already on its way may repeat the end, nothing else).
    await until(async () => (await scheduleRows(dataDir)).length === 0, 'the schedule to end');
    await sleep(600);
    const after = (await kindsOf(pushService, subscription)).slice(wakes.length);
    expect(after.filter((kind) => kind !== 'ended')).toEqual([]);
  });

  it('sends the last push of a call that ended while the relay was down once it is back', async () => {
    const { pushService, subscribedPhone, postCall, restart } = await setUp({ ringWindowMs: 20_000 });
    const { subscription } = await subscribedPhone('Phone');
    const { phone: tablet } = await subscribedPhone('Tablet');
    await postCall('evt-restarted');
    await until(async () => (await countOf(pushService, subscription)) >= 1, 'the first push');
    // The status is written, and the relay stops before any push of it could go out.
    await restart(async (dataDir) => {
      const store = await openSqliteRelayStore(join(dataDir, 'relay.db'));
      await store.setStatus(tablet.accountId, 'evt-restarted', 'answered', tablet.deviceId);
      await store.close();
    });
    await until(
      async () => (await kindsOf(pushService, subscription)).includes('ended'),
      'the last push',
      8000,
    );
    expect((await wakesOf(pushService, subscription)).at(-1)).toEqual({
      id: 'evt-restarted',
      kind: 'ended',
      status: 'answered',
      by: tablet.deviceId,
      byName: 'Tablet',
    });
  });

  it('drops a subscription its push service answers 410 or 404 for, and pushes to it no more', async () => {
    const { pushService, subscribedPhone, postCall, pair, client } = await setUp();
    const { subscription: expired } = await subscribedPhone('Expired phone');
    const { subscription: live } = await subscribedPhone('Live phone');
    const unknown = await pair('Unknown phone');
    const someKeys = await pushService.subscribe(
      (await client.get<{ publicKey: string }>('/v1/push/key', unknown.deviceToken)).publicKey,
    );
    // A push service that no longer knows the path answers 404.
    const unknownPath = '/unsubscribed/abc';
    await client.post(
      '/v1/push/subscription',
      { endpoint: `${pushService.origin}${unknownPath}`, keys: someKeys.keys },
      unknown.deviceToken,
    );
    await pushService.expire(expired);
    const expiredPath = new URL(expired.endpoint).pathname;

    await postCall('evt-1');
    await until(
      () => pushService.hits(expiredPath) >= 1 && pushService.hits(unknownPath) >= 1,
      'the refused pushes',
    );
    // A re-alert may already be on its way when the first refusal comes back; once the call's
    // pushes are over, the refused subscriptions are gone and the next call does not reach them.
    await sleep((TUNING.ringWindowMs ?? 0) + 400);
    const refused = [pushService.hits(expiredPath), pushService.hits(unknownPath)];
    await postCall('evt-2');
    await until(async () => (await kindsOf(pushService, live, 'evt-2')).length > 0, 'the next call');
    expect([pushService.hits(expiredPath), pushService.hits(unknownPath)]).toEqual(refused);
  });

  it('pushes nothing to a removed device', async () => {
    const { pushService, subscribedPhone, postCall, client, daemon } = await setUp();
    const { phone: removed, subscription: removedSubscription } = await subscribedPhone('Old phone');
    const { subscription: kept } = await subscribedPhone('New phone');
    await client.delete(`/v1/devices/${removed.deviceId}`, daemon.deviceToken);
    await postCall('evt-1');
    await until(async () => (await countOf(pushService, kept)) >= 2, 'pushes to the kept device');
    expect(await pushService.received(removedSubscription)).toEqual([]);
    expect(pushService.hits(new URL(removedSubscription.endpoint).pathname)).toBe(0);
  });
});
