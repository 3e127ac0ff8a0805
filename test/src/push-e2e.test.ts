// The whole Web Push path with no network: the relay pushes to a real local push service (which
// decrypts what it gets: only the call's id), and that push wakes the app's service worker in real
// Chromium with no window of the app open; the worker fetches the sealed call, decrypts it on the
// device and rings. Re-alerts come while the call is unanswered, and the last push, once another
// device has answered, turns the notification into a quiet one saying where it was answered.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import { createSilentRelayLogger, type RunningRelay, startRelay } from '@ringback/relay';
import {
  type LocalPushService,
  type LocalSubscription,
  startLocalPushService,
} from '@ringback/relay/local-push-service';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitConnected } from './support/app-page';
import { CHROMIUM_PATH, PHONE_VIEWPORT, STEP_TIMEOUT_MS } from './support/browser';
import { CALL_WORDS, pairingPageUrl, storeSealedCall } from './support/pwa-calls';
import { saveNotificationCard } from './support/pwa-notification-card';
import { keysRecord, notificationsAfterPush, pollFor, waitControlled } from './support/pwa-page';

const CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));
/** Short, so the test sees re-alerts within seconds. */
const REALERT_MS = 1500;
const RING_WINDOW_MS = 60_000;

let dataDir: string;
let profile: string;
let pushService: LocalPushService;
let relay: RunningRelay;
let context: BrowserContext;
let page: Page;
let daemon: DeviceCredentials;
const key = generateE2eKey();

async function relayJson<T>(path: string, token: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${relay.url}${path}`, {
    ...init,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (response.status === 204 ? null : await response.json()) as T;
}

/** What the push service decrypted for `subscription`, once it holds at least `count` pushes. */
async function pushesReceived(subscription: LocalSubscription, count: number): Promise<string[]> {
  const received = await pollFor(
    () => pushService.received(subscription),
    (list) => list.length >= count,
    20_000,
  );
  expect(received.length).toBeGreaterThanOrEqual(count);
  return received;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-push-e2e-'));
  pushService = await startLocalPushService();
  relay = await startRelay({
    dataDir,
    port: 0,
    openSignup: true,
    logger: createSilentRelayLogger(),
    appDir: CLIENT_DIST,
    pushSubject: 'mailto:e2e@ringback.example',
    push: {
      allowedPushOrigins: [pushService.origin],
      realertMs: { base: REALERT_MS, jitter: 0 },
      ringWindowMs: RING_WINDOW_MS,
      schedulerTickMs: 100,
    },
  });
  daemon = (await (
    await fetch(`${relay.url}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'daemon', name: 'Laptop' }),
    })
  ).json()) as DeviceCredentials;
  profile = await mkdtemp(join(tmpdir(), 'ringback-push-profile-'));
  // Persistent: a browser profile like a user's, where service workers and notifications live.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: PHONE_VIEWPORT,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.grantPermissions(['notifications'], { origin: relay.url });
  page = context.pages()[0] ?? (await context.newPage());
});

afterAll(async () => {
  await context?.close();
  await relay?.close();
  await pushService?.close();
  for (const dir of [profile, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Web Push end to end', () => {
  it('wakes the phone with only the call id and `ring`, rings from the decrypted call, re-alerts, and ends it (`ended`, where) when another device answers', async () => {
    await page.goto(await pairingPageUrl(relay.url, daemon.deviceToken, key));
    await waitConnected(page);
    await waitControlled(page);
    const device = (await keysRecord(page, 'device')) as { deviceToken: string } | null;
    if (!device) throw new Error('the app wrote no device record for its worker');

    // Chromium here cannot subscribe through a real push service: the local one makes the
    // subscription, for the relay's key, and the device registers it as the app does.
    const { publicKey } = await relayJson<{ publicKey: string }>('/v1/push/key', device.deviceToken);
    const subscription = await pushService.subscribe(publicKey);
    await relayJson('/v1/push/subscription', device.deviceToken, {
      method: 'POST',
      body: JSON.stringify({ endpoint: subscription.endpoint, keys: subscription.keys }),
    });

    // No window of the app: the phone is locked, the app closed.
    await page.goto('about:blank');
    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const [first] = await pushesReceived(subscription, 1);
    expect(JSON.parse(first ?? '')).toEqual({ id: eventId, kind: 'ring' });
    expect(first).not.toContain(CALL_WORDS.project);
    expect(first).not.toContain(CALL_WORDS.spoken);

    const reader = await context.newPage();
    try {
      // Read from a file of the app's origin, not the app: a window of the app would ring itself instead.
      const [ringing] = await notificationsAfterPush(
        context,
        page,
        reader,
        relay.url,
        first ?? '',
        (list) => list.length > 0,
      );
      expect(ringing).toMatchObject({
        title: `Claude Code · ${CALL_WORDS.project}`,
        body: `${CALL_WORDS.spoken}, boss.`,
        tag: `call-${eventId}`,
        requireInteraction: true,
        actions: ['answer', 'decline'],
      });
      if (ringing) await saveNotificationCard(context, ringing, relay.url, 'push-notification-ringing');

      // Unanswered: the relay pushes again, the same ring and nothing more.
      const pushes = await pushesReceived(subscription, 3);
      expect(new Set(pushes)).toEqual(new Set([first]));

      // Answered on the tablet: one last push, and the phone's ringing notification becomes a quiet one saying so.
      const tablet = await relayJson<DeviceCredentials>('/v1/pairing-codes/redeem', '', {
        method: 'POST',
        body: JSON.stringify({
          code: (
            await relayJson<{ code: string }>('/v1/pairing-codes', daemon.deviceToken, {
              method: 'POST',
              body: '{}',
            })
          ).code,
          kind: 'app',
          name: 'Tablet',
        }),
      });
      const before = (await pushService.received(subscription)).length;
      await relayJson(`/v1/events/${eventId}/status`, tablet.deviceToken, {
        method: 'POST',
        body: JSON.stringify({ status: 'answered' }),
      });
      const last = (await pushesReceived(subscription, before + 1)).at(-1) ?? '';
      expect(JSON.parse(last)).toEqual({
        id: eventId,
        kind: 'ended',
        status: 'answered',
        by: tablet.deviceId,
        byName: 'Tablet',
      });
      const ended = await notificationsAfterPush(
        context,
        page,
        reader,
        relay.url,
        last,
        (list) => list[0]?.title === 'Answered on Tablet',
      );
      expect(ended).toEqual([
        {
          title: 'Answered on Tablet',
          body: `Claude Code · ${CALL_WORDS.project}`,
          tag: `call-${eventId}`,
          requireInteraction: false,
          silent: true,
          actions: [],
          vibrate: [],
        },
      ]);
    } finally {
      await reader.close();
    }
  });
});
