import { createECDH, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import type { RelayStore } from '../storage/relay-store';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { created, household, manualClock, newEvent } from '../storage/suite/store-fixtures';
import { pushTopic } from './push-request';
import type { PushSettings } from './push-settings';
import type { PushTransport } from './push-transport';
import { type RelayPush, startRelayPush } from './relay-push';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A push service that answers `status(endpoint)` and notes what it got, when (on `now`). */
function fakePushService(status: (endpoint: string) => number = () => 201, now = Date.now) {
  const received: { endpoint: string; topic: string; ttl: number; at: number }[] = [];
  const transport: PushTransport = {
    async deliver(push) {
      const ttl = Number(push.headers.TTL);
      received.push({ endpoint: push.endpoint, topic: push.headers.Topic ?? '', ttl, at: now() });
      return { status: status(push.endpoint), retryAfterMs: null };
    },
    close: async () => {},
  };
  /** The pushes to `endpoint` (about call `eventId`: its rings' topic or its last push's). */
  const to = (endpoint: string, eventId?: string) =>
    received.filter(
      (push) =>
        push.endpoint === endpoint &&
        (!eventId || push.topic === pushTopic(eventId) || push.topic === pushTopic(eventId, true)),
    );
  return { transport, received, to };
}

const OPERATOR_PUSH_SERVICE = 'https://push.example.com';
const FAST = { realertMs: { base: 100, jitter: 0 }, ringWindowMs: 450, schedulerTickMs: 10 };

async function relayPush(store: RelayStore, now: () => number, settings: PushSettings): Promise<RelayPush> {
  const push = await startRelayPush({ store, logger: createSilentRelayLogger(), now, settings });
  cleanups.push(() => push.close());
  return push;
}

async function setUp(status?: (endpoint: string) => number, now: () => number = Date.now) {
  const store = await openSqliteRelayStore(':memory:', { now });
  cleanups.push(() => store.close());
  const service = fakePushService(status, now);
  // Counts the scheduler's claims: a claim started after another began after it ended.
  let claims = 0;
  const counted = new Proxy(store, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'claimDuePushes')
        return (...args: Parameters<RelayStore['claimDuePushes']>) => {
          claims += 1;
          return target.claimDuePushes(...args);
        };
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const push = await relayPush(counted, now, {
    subject: 'mailto:ops@example.com',
    // The tests' fake push service stands for an operator's own.
    allowedPushOrigins: [OPERATOR_PUSH_SERVICE],
    transport: service.transport,
    ...FAST,
  });
  const home = await household(store);
  const subscribe = (deviceId: string, endpoint: string) =>
    store.savePushSubscription({ accountId: home.accountId, deviceId, endpoint, p256dh: P256DH, auth: AUTH });
  const call = async () => {
    const { event } = await created(
      store,
      newEvent(home.accountId, home.daemon.deviceId),
      push.newCallPushes() ?? undefined,
    );
    push.callStored(event);
    return event;
  };
  /** Until the scheduler has claimed what is due now, and what that claimed has been sent. */
  const claimedNow = async () => {
    const before = claims;
    await expect.poll(() => claims).toBeGreaterThan(before + 1);
    await push.settled();
  };
  return { store, service, push, ...home, subscribe, call, claimedNow };
}

// A real device key: the fake service does not decrypt, but the relay encrypts for it.
const deviceKeys = createECDH('prime256v1');
deviceKeys.generateKeys();
const P256DH = deviceKeys.getPublicKey().toString('base64url');
const AUTH = randomBytes(16).toString('base64url');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('startRelayPush', () => {
  it('is off without a subject, saying why, and sends nothing', async () => {
    const store = await openSqliteRelayStore(':memory:');
    cleanups.push(() => store.close());
    const off = await relayPush(store, Date.now, { off: 'Web Push is off: no https public URL' });
    expect([off.publicKey, off.offReason]).toEqual([null, 'Web Push is off: no https public URL']);
    expect(off.whyEndpointRefused('https://push.example.com/x')).toMatch(/off/);
    const unset = await startRelayPush({ store, logger: createSilentRelayLogger(), now: Date.now });
    expect(unset.offReason).toMatch(/off/);
  });

  it('makes its key pair once and keeps it', async () => {
    const store = await openSqliteRelayStore(':memory:');
    cleanups.push(() => store.close());
    const first = await relayPush(store, Date.now, { subject: 'mailto:ops@example.com' });
    const second = await relayPush(store, Date.now, { subject: 'mailto:ops@example.com' });
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.publicKey).toBe(first.publicKey);
  });

  it('wakes every subscribed device of the account as soon as a call is stored', async () => {
    const relay = await setUp();
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    await relay.subscribe(relay.tablet.deviceId, 'https://push.example.com/tablet');
    const event = await relay.call();
    await relay.push.settled();
    expect(relay.service.to('https://push.example.com/phone', event.eventId)).toHaveLength(1);
    expect(relay.service.to('https://push.example.com/tablet', event.eventId)).toHaveLength(1);
  });

  it('re-alerts while the call rings unanswered, then sends one last push when its window passes', async () => {
    // The relay's clock, moved by the test: each push is due at a moment the test names, however
    // late a busy machine runs the scheduler's ticks.
    const clock = manualClock(Date.now());
    const relay = await setUp(undefined, clock.now);
    const deliver = relay.service.transport.deliver.bind(relay.service.transport);
    let first = true;
    relay.service.transport.deliver = async (push, signal) => {
      // The first push takes 60 ms to get through: re-alerts still count from when it was stored.
      if (first) clock.advance(60);
      first = false;
      return deliver(push, signal);
    };
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    const event = await relay.call();
    const stored = Date.parse(event.createdAt);
    const pushes = () => relay.service.to('https://push.example.com/phone', event.eventId);
    await expect.poll(() => pushes().length).toBe(1);
    // At once, then every 100 ms from when the call was stored until its window ends at 450 ms,
    // then the missed call's push; nothing between those moments.
    for (const [at, count] of [
      [99, 1],
      [100, 2],
      [199, 2],
      [200, 3],
      [300, 4],
      [400, 5],
      [449, 5],
      [450, 6],
      [2_000, 6],
    ] as const) {
      clock.set(stored + at);
      await relay.claimedNow();
      expect(pushes().length, `at ${at} ms`).toBe(count);
    }
    expect(pushes().map((push) => push.ttl)).toEqual([60, 60, 60, 60, 60, 86_400]);
    expect(pushes().at(-1)?.topic).toBe(pushTopic(event.eventId, true));
  });

  it('sends one last push as soon as the call is answered, and no more re-alerts', async () => {
    const relay = await setUp();
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    const event = await relay.call();
    await relay.push.settled();
    await relay.store.setStatus(relay.accountId, event.eventId, 'answered', relay.tablet.deviceId);
    relay.push.callEnded(relay.accountId, event.eventId);
    relay.push.callEnded(relay.accountId, event.eventId);
    await relay.push.settled();
    expect(relay.service.to('https://push.example.com/phone', event.eventId)).toHaveLength(2);
    await sleep(FAST.ringWindowMs + 100);
    expect(relay.service.to('https://push.example.com/phone', event.eventId)).toHaveLength(2);
  });

  it('never lets a retried ring reach the push service after the call’s last push', async () => {
    let rings = 0;
    const relay = await setUp(() => 201);
    // The first ring meets a 503 and waits its retry (1 s) while the call is answered.
    const answers = relay.service.transport.deliver.bind(relay.service.transport);
    relay.service.transport.deliver = async (push, signal) => {
      const response = await answers(push, signal);
      if (Number(push.headers.TTL) !== 60) return response;
      rings += 1;
      return rings === 1 ? { status: 503, retryAfterMs: null } : response;
    };
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    const event = await relay.call();
    await expect.poll(() => rings).toBe(1);
    await relay.store.setStatus(relay.accountId, event.eventId, 'answered', relay.tablet.deviceId);
    relay.push.callEnded(relay.accountId, event.eventId);
    await relay.push.settled();
    const pushes = relay.service.to('https://push.example.com/phone', event.eventId);
    const lastAt = pushes.findIndex((push) => push.ttl === 86_400);
    expect(lastAt).toBeGreaterThan(-1);
    expect(pushes.slice(lastAt + 1).filter((push) => push.ttl === 60)).toEqual([]);
    // And were one to get there, its topic is not the last push's: it could not replace it.
    expect(pushes[lastAt]?.topic).toBe(pushTopic(event.eventId, true));
    expect(pushes[0]?.topic).toBe(pushTopic(event.eventId));
  });

  it('rings a call again once it is released back to pending, its end pushed already', async () => {
    const relay = await setUp();
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    const event = await relay.call();
    await relay.store.setStatus(relay.accountId, event.eventId, 'answered', relay.tablet.deviceId);
    relay.push.callEnded(relay.accountId, event.eventId);
    await relay.push.settled();
    const ttls = () =>
      relay.service.to('https://push.example.com/phone', event.eventId).map((push) => push.ttl);
    expect(ttls().at(-1)).toBe(86_400);
    const before = ttls().length;
    // The tablet is removed mid-call: the call rings the others again, from its schedule.
    await relay.store.releaseCallsOf(relay.accountId, relay.tablet.deviceId, relay.push.newCallPushes());
    await expect.poll(() => ttls().slice(before)).toContain(60);
    // Unanswered through its new window: missed, told once more as a last push.
    await expect.poll(() => ttls().slice(before).at(-1), { timeout: 3000 }).toBe(86_400);
  });

  it('sends the last push at once for a call answered before its first ring went out', async () => {
    const store = await openSqliteRelayStore(':memory:');
    cleanups.push(() => store.close());
    const service = fakePushService();
    // Re-alerts a minute apart: only an immediate last push can make it two pushes here.
    const push = await relayPush(store, Date.now, {
      subject: 'mailto:ops@example.com',
      allowedPushOrigins: [OPERATOR_PUSH_SERVICE],
      transport: service.transport,
      ...FAST,
      realertMs: { base: 60_000, jitter: 0 },
      ringWindowMs: 120_000,
    });
    const home = await household(store);
    await store.savePushSubscription({
      accountId: home.accountId,
      deviceId: home.phone.deviceId,
      endpoint: 'https://push.example.com/phone',
      p256dh: P256DH,
      auth: AUTH,
    });
    const { event } = await created(
      store,
      newEvent(home.accountId, home.daemon.deviceId),
      push.newCallPushes() ?? undefined,
    );
    // The tablet answers, and its status route marks the call's last push, before its first ring.
    await store.setStatus(home.accountId, event.eventId, 'answered', home.tablet.deviceId);
    push.callEnded(home.accountId, event.eventId);
    push.callStored(event);
    await push.settled();
    // The ring, its turn come after the call's end was decided, is not sent: only the last push.
    expect(service.to('https://push.example.com/phone', event.eventId).map((sent) => sent.ttl)).toEqual([
      86_400,
    ]);
  });

  it('sends nothing for an account without subscriptions, and ends its schedule at its first claim', async () => {
    const relay = await setUp();
    const event = await relay.call();
    await relay.push.settled();
    // Its first re-alert is due 100 ms after it was stored: then it finds nobody and ends.
    await sleep(FAST.realertMs.base * 3);
    await relay.push.settled();
    expect(
      await relay.store.claimDuePushes(Date.now() + 600_000, { limit: 10, realert: FAST.realertMs }),
    ).toEqual([]);
    expect(relay.service.to('https://push.example.com/phone', event.eventId)).toEqual([]);
  });

  it('forgets a subscription its push service answers 404 or 410 for, and keeps the others', async () => {
    const gone = new Set(['https://push.example.com/expired', 'https://push.example.com/unknown']);
    const relay = await setUp((endpoint) =>
      endpoint.endsWith('expired') ? 410 : gone.has(endpoint) ? 404 : 201,
    );
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/expired');
    await relay.subscribe(relay.tablet.deviceId, 'https://push.example.com/unknown');
    const laptop = await relay.store.addDevice(relay.accountId, {
      kind: 'app',
      name: 'laptop',
      tokenHash: 'h-l',
    });
    await relay.subscribe(laptop.deviceId, 'https://push.example.com/live');
    await relay.call();
    await relay.push.settled();
    expect((await relay.store.pushSubscriptionsOf(relay.accountId)).map((s) => s.endpoint)).toEqual([
      'https://push.example.com/live',
    ]);
  });

  it('drops a subscription its push service refuses twice (400, 401, 403), keeping one that passes on retry', async () => {
    const answered = new Map<string, number>();
    const relay = await setUp((endpoint) => {
      const times = (answered.get(endpoint) ?? 0) + 1;
      answered.set(endpoint, times);
      if (endpoint.endsWith('vapid-changed')) return 403;
      if (endpoint.endsWith('flaky')) return times === 1 ? 400 : 201;
      return 201;
    });
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/vapid-changed');
    await relay.subscribe(relay.tablet.deviceId, 'https://push.example.com/flaky');
    await relay.call();
    await relay.push.settled();
    // Re-alerts go out meanwhile (each refused, retried once): the queue's tests count the retries.
    expect(answered.get('https://push.example.com/vapid-changed')).toBeGreaterThanOrEqual(2);
    expect(await relay.store.pushSubscriptionOf(relay.accountId, relay.phone.deviceId)).toBeNull();
    expect((await relay.store.pushSubscriptionOf(relay.accountId, relay.tablet.deviceId))?.endpoint).toBe(
      'https://push.example.com/flaky',
    );
  });

  it('closes at once while a push service holds its sends and ignores their abort', async () => {
    const store = await openSqliteRelayStore(':memory:');
    cleanups.push(() => store.close());
    let held = 0;
    const push = await startRelayPush({
      store,
      logger: createSilentRelayLogger(),
      now: Date.now,
      settings: {
        subject: 'mailto:ops@example.com',
        allowedPushOrigins: [OPERATOR_PUSH_SERVICE],
        ...FAST,
        transport: {
          deliver: () => {
            held += 1;
            return new Promise(() => {});
          },
          close: async () => {},
        },
      },
    });
    const home = await household(store);
    await store.savePushSubscription({
      accountId: home.accountId,
      deviceId: home.phone.deviceId,
      endpoint: 'https://push.example.com/phone',
      p256dh: P256DH,
      auth: AUTH,
    });
    const { event } = await created(store, newEvent(home.accountId, home.daemon.deviceId));
    push.callStored(event);
    await expect.poll(() => held).toBe(1);
    // Before, close waited for every send in flight to come back: here that is never.
    await push.close();
  });

  it('keeps an FCM push going while hanging subdomains of another push service hold their sends', async () => {
    const store = await openSqliteRelayStore(':memory:');
    cleanups.push(() => store.close());
    const reached: string[] = [];
    const push = await relayPush(store, Date.now, {
      subject: 'mailto:ops@example.com',
      ...FAST,
      // One send at a time per push service, three in all: before, each subdomain was a service of
      // its own, and three hanging ones took every slot.
      queue: { concurrency: 3, perOriginConcurrency: 1 },
      transport: {
        deliver: (request) => {
          reached.push(new URL(request.endpoint).hostname);
          return request.endpoint.startsWith('https://fcm.googleapis.com/')
            ? Promise.resolve({ status: 201, retryAfterMs: null })
            : new Promise(() => {});
        },
        close: async () => {},
      },
    });
    const home = await household(store);
    const subscribe = (deviceId: string, endpoint: string) =>
      store.savePushSubscription({
        accountId: home.accountId,
        deviceId,
        endpoint,
        p256dh: P256DH,
        auth: AUTH,
      });
    await subscribe(home.phone.deviceId, 'https://hang-1.push.apple.com/x');
    await subscribe(home.tablet.deviceId, 'https://hang-2.push.apple.com/x');
    for (const name of ['hang-3', 'hang-4']) {
      const device = await store.addDevice(home.accountId, { kind: 'app', name, tokenHash: `h-${name}` });
      await subscribe(device.deviceId, `https://${name}.push.apple.com/x`);
    }
    const android = await store.addDevice(home.accountId, { kind: 'app', name: 'android', tokenHash: 'h-a' });
    await subscribe(android.deviceId, 'https://fcm.googleapis.com/fcm/send/android');
    const { event } = await created(
      store,
      newEvent(home.accountId, home.daemon.deviceId),
      push.newCallPushes() ?? undefined,
    );
    push.callStored(event);
    await expect.poll(() => reached).toContain('fcm.googleapis.com');
    // Apple is one push service: one of its hanging hosts holds its one slot, the rest wait.
    expect(reached.filter((host) => host.endsWith('.push.apple.com'))).toHaveLength(1);
  });

  it('sends nothing once closing, not even for store work still under way', async () => {
    const relay = await setUp();
    await relay.subscribe(relay.phone.deviceId, 'https://push.example.com/phone');
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const read = relay.store.pushSubscriptionsOf.bind(relay.store);
    relay.store.pushSubscriptionsOf = async (accountId) => {
      await gate;
      return read(accountId);
    };
    await relay.call();
    // The call's first ring waits on the store as the relay shuts down.
    const closing = relay.push.close();
    open();
    await closing;
    expect(relay.service.received).toEqual([]);
  });

  it('drops, without sending to it, a subscription stored at an endpoint the relay now refuses', async () => {
    const relay = await setUp();
    // Stored by an older relay, or at an origin the operator no longer allows.
    await relay.subscribe(relay.phone.deviceId, 'https://intranet.example.org/hook');
    await relay.subscribe(relay.tablet.deviceId, 'https://push.example.com/tablet');
    const event = await relay.call();
    await relay.push.settled();
    expect(relay.service.received.map((push) => push.endpoint)).not.toContain(
      'https://intranet.example.org/hook',
    );
    expect(relay.service.to('https://push.example.com/tablet', event.eventId).length).toBeGreaterThan(0);
    expect(await relay.store.pushSubscriptionOf(relay.accountId, relay.phone.deviceId)).toBeNull();
  });
});
