// The relay pushing to a real (local) push service, end to end: what the service decrypts, how
// often a call is pushed, and which subscriptions are dropped.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { type RunningRelay, startRelay } from '../start-relay';
import { type LocalPushService, type LocalSubscription, startLocalPushService } from './local-push-service';
import type { PushTuning } from './push-settings';
import { relayCall } from './relay-call';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Re-alerts every 300 ms for 1.2 s: a call missed is pushed at 0, 0.3, 0.6, 0.9 and 1.2 s. */
const TUNING: PushTuning = {
  realertMs: { base: 300, jitter: 0 },
  ringWindowMs: 1200,
  schedulerTickMs: 20,
};

const SEALED_TEXT = 'e1.abcdefghijkl.aXY.Y2FsbCB0ZXh0IHRoYXQgbXVzdCBuZXZlciBiZSBwdXNoZWQ';

async function setUp() {
  const pushService = await startLocalPushService();
  cleanups.push(() => pushService.close());
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-push-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const relay = await startRelay({
    dataDir,
    port: 0,
    openSignup: true,
    logger: createSilentRelayLogger(),
    pushSubject: 'mailto:ops@example.com',
    push: { ...TUNING, allowedPushOrigins: [pushService.origin] },
  });
  cleanups.push(() => relay.close());
  const client = relayClient(relay);
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
  return { relay, client, pushService, daemon, pair, subscribedPhone, postCall };
}

function relayClient(relay: RunningRelay) {
  const call = <T>(method: string, path: string, body?: object, token?: string) =>
    relayCall<T>(relay, method, path, body, token);
  return {
    get: <T>(path: string, token: string) => call<T>('GET', path, undefined, token),
    post: <T>(path: string, body: object, token?: string) => call<T>('POST', path, body, token),
    delete: (path: string, token: string) => call('DELETE', path, undefined, token),
  };
}

async function until(check: () => Promise<boolean> | boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const countOf = async (service: LocalPushService, subscription: LocalSubscription) =>
  (await service.received(subscription)).length;

describe('Web Push to a real push service', () => {
  it('delivers a push that decrypts to exactly the call’s id, holding no call text', async () => {
    const { pushService, subscribedPhone, postCall } = await setUp();
    const { subscription } = await subscribedPhone('Phone');
    await postCall('0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b');
    await until(async () => (await countOf(pushService, subscription)) > 0, 'the push');
    const [first] = await pushService.received(subscription);
    expect(first).toBe('{"id":"0193a6f0-7c1e-7d2a-9b1f-3f0e1c2d4a5b"}');
    expect(first).not.toContain('abcdefghijkl');
    expect(first).not.toContain('codex');
  });

  it('pushes again while the call rings, then once more when it is answered, and stops', async () => {
    const { pushService, subscribedPhone, postCall, client } = await setUp();
    const { subscription } = await subscribedPhone('Phone');
    const { phone: tablet } = await subscribedPhone('Tablet');
    await postCall('evt-answered');
    await until(async () => (await countOf(pushService, subscription)) >= 2, 'a re-alert');
    const beforeAnswer = await countOf(pushService, subscription);
    await client.post('/v1/events/evt-answered/status', { status: 'answered' }, tablet.deviceToken);
    await until(async () => (await countOf(pushService, subscription)) === beforeAnswer + 1, 'the last push');
    await sleep(TUNING.ringWindowMs ?? 0);
    const pushes = await pushService.received(subscription);
    expect(pushes).toHaveLength(beforeAnswer + 1);
    expect(new Set(pushes)).toEqual(new Set(['{"id":"evt-answered"}']));
  });

  it('re-alerts an unanswered call through its ring window, then sends the missed call’s push, and stops', async () => {
    const { pushService, subscribedPhone, postCall } = await setUp();
    const { subscription } = await subscribedPhone('Phone');
    await postCall('evt-missed');
    await sleep((TUNING.ringWindowMs ?? 0) + 600);
    const count = await countOf(pushService, subscription);
    // At 0, 0.3, 0.6 and 0.9 s, and the missed call's push at 1.2 s (4 if a late tick skipped one).
    expect(count).toBeGreaterThanOrEqual(4);
    expect(count).toBeLessThanOrEqual(5);
    await sleep(600);
    expect(await countOf(pushService, subscription)).toBe(count);
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
    await until(async () => (await pushService.received(live)).includes('{"id":"evt-2"}'), 'the next call');
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
