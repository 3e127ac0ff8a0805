import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, waitConnected } from './support/app-page';
import { playedAudio } from './support/browser';
import { callStatusOf, pairingPageUrl, storeSealedCall } from './support/pwa-calls';
import {
  cachedUrls,
  installability,
  keysRecord,
  markDocument,
  notificationsAfterPush,
  pollFor,
  shownNotifications,
  waitControlled,
  waitInstallable,
  waitNewDocument,
} from './support/pwa-page';
import { type PwaWorld, startPwaWorld } from './support/pwa-world';
import type { RelayProcess } from './support/relay-process';
import { openSettingsRow } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

let appDir: string;
let relay: RelayProcess;
let world: PwaWorld;
let context: BrowserContext;
let page: Page;
let daemon: DeviceCredentials;
/** The account's end-to-end key: the daemon seals calls with it, the phone holds it after pairing. */
const key = generateE2eKey();

/** A finished Claude Code turn, sealed and stored as the daemon would: the relay's answer is its id. */
function storeCall(): Promise<string> {
  return storeSealedCall(relay.url, daemon.deviceToken, key);
}

/** The app's service worker, as Playwright reaches it (to act as the browser would on a notification). */
function appWorker() {
  // The newest: a worker stopped and woken again (as by a push) is a new one to Playwright.
  const worker = context
    .serviceWorkers()
    .filter((candidate) => candidate.url() === `${relay.url}/sw.js`)
    .at(-1);
  if (!worker) throw new Error('the app has no running service worker');
  return worker;
}

/** The on-device voice's data files (`/assets/espeak-ng/<part>-<hash>.bin`). */
const VOICE_DATA = /^\/assets\/espeak-ng\/|\.data$/;

/** Each Cache Storage cache's paths: the worker's precache, and the voice data the page kept. */
async function cachedPathsByCache(): Promise<Record<string, string[]>> {
  return (await page.evaluate(`(async () => {
    const byCache = {};
    for (const name of await caches.keys())
      byCache[name] = (await (await caches.open(name)).keys()).map((request) => new URL(request.url).pathname);
    return byCache;
  })()`)) as Record<string, string[]>;
}

/**
 * Reloads the page with the network off. Chromium 150's offline emulation keeps requests failing for
 * the document the service worker serves, but that document starts with `navigator.onLine` true (a
 * device really offline starts it false): the emulation is set again once it is there, which the page
 * hears as the `offline` event a real device sends when its network goes.
 */
async function reloadOffline(): Promise<void> {
  await page.reload();
  await context.setOffline(false);
  await context.setOffline(true);
}

function callStatus(eventId: string): Promise<string> {
  return callStatusOf(relay.url, daemon.deviceToken, eventId);
}

/** A pairing link for a new app device of the daemon's account, opened as `ringback up` prints it. */
function pairingUrl(key: string): Promise<string> {
  return pairingPageUrl(relay.url, daemon.deviceToken, key);
}

beforeAll(async () => {
  world = await startPwaWorld({ name: 'pwa', copyApp: true, monitorAudio: true });
  ({ relay, daemon, context, page } = world);
  appDir = world.appDir as string;
});

afterAll(async () => {
  await world?.close();
});

describe('the installable app in real Chromium', () => {
  it('is installable: a manifest without errors, icons, a service worker that controls the page', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await pairingUrl(key));
    await waitConnected(page);

    const worker = await waitControlled(page);
    expect(worker).toEqual({ script: `${relay.url}/sw.js`, state: 'activated' });

    const { installabilityErrors, manifest } = await waitInstallable(context, page);
    expect(installabilityErrors).toEqual([]);
    expect(manifest.url).toBe(`${relay.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as Record<string, unknown>;
    expect(data).toMatchObject({
      id: '/',
      name: 'Ringback',
      short_name: 'Ringback',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f172a',
    });
    expect(
      (data.icons as { sizes: string; purpose: string }[]).map((icon) => `${icon.sizes} ${icon.purpose}`),
    ).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(errors).toEqual([]);

    // Online, the page still comes from the relay (a style nonce of its own each load), not the copy kept.
    const nonces = new Set<string>();
    for (let load = 0; load < 2; load++) {
      await page.reload();
      nonces.add(String(await page.locator('meta[name="ringback-style-nonce"]').getAttribute('content')));
    }
    expect(nonces.size).toBe(2);
  });

  it('keeps the app shell and the icons on the device, and no voice data in the precache', async () => {
    const paths = (await cachedUrls(page)).map((url) => new URL(url).pathname);
    for (const expected of [
      /^\/index\.html$/,
      /^\/assets\/index-[\w-]+\.js$/,
      /^\/assets\/index-[\w-]+\.css$/,
      /^\/assets\/espeak-worker-[\w-]+\.js$/,
      /^\/icon-512\.png$/,
      /^\/manifest\.webmanifest$/,
    ])
      expect(
        paths.some((path) => expected.test(path)),
        String(expected),
      ).toBe(true);
    // The API is never cached.
    expect(paths.filter((path) => path.startsWith('/v1/'))).toEqual([]);
    // The voice's data is fetched per language when first needed, never with the worker's install.
    const precaches = Object.entries(await cachedPathsByCache()).filter(([name]) =>
      name.includes('precache'),
    );
    expect(precaches).toHaveLength(1);
    expect(precaches[0]?.[1].filter((path) => VOICE_DATA.test(path))).toEqual([]);
  });

  it('tells the worker how to reach the relay: the device record beside the key in IndexedDB', async () => {
    const record = await keysRecord(page, 'device');
    expect(record).toMatchObject({
      id: 'device',
      relayUrl: relay.url,
      formOfAddress: 'boss',
      interfaceLanguage: 'en',
    });
    expect(String(record?.deviceToken)).toMatch(/^dev_/);
    expect(String(record?.deviceId)).not.toBe('');
    expect(await keysRecord(page, 'e2e')).toMatchObject({ id: 'e2e' });
  });

  it('lets a new build take over: the page reloads once onto it', async () => {
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));
    await markDocument(page);
    // A new build's worker differs by at least a byte.
    const workerFile = join(appDir, 'sw.js');
    await writeFile(workerFile, `${await readFile(workerFile, 'utf8')}\n// the next build\n`);
    await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((registration) => registration.update())',
    );
    // About 1.5 s here; a minute allows a loaded machine (a stall names its step, see waitNewDocument).
    await waitNewDocument(page, 60_000);
    await waitConnected(page);
    await page.waitForTimeout(1500);
    expect(loads).toHaveLength(1);
    expect(await waitControlled(page)).toEqual({ script: `${relay.url}/sw.js`, state: 'activated' });
  });

  it('rings from the service worker with no app window open: the decrypted call, Answer and Decline; Decline declines it on the relay', async () => {
    await context.grantPermissions(['notifications'], { origin: relay.url });
    const eventId = await storeCall();
    await page.goto('about:blank');
    // Read from a file of the app's origin: a window of the app would ring itself instead.
    const reader = await context.newPage();
    try {
      const shown = await notificationsAfterPush(
        context,
        page,
        reader,
        relay.url,
        JSON.stringify({ id: eventId }),
        (list) => list.length > 0,
      );
      expect(shown).toEqual([
        {
          title: 'Claude Code · billing-api',
          body: 'I fixed the login bug, boss.',
          tag: `call-${eventId}`,
          requireInteraction: true,
          silent: false,
          actions: ['answer', 'decline'],
          vibrate: [2000, 4000, 2000],
        },
      ]);

      // Decline, as a tap on the button would (the worker's own notificationclick handler).
      await appWorker().evaluate(`self.registration.getNotifications().then(([notification]) =>
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'decline' })))`);
      expect(
        await pollFor(
          () => callStatus(eventId),
          (status) => status === 'rejected',
          30_000,
        ),
      ).toBe('rejected');
      expect(await shownNotifications(reader)).toEqual([]);
    } finally {
      await reader.close();
      await page.goto(relay.url);
      await waitConnected(page);
    }
  });

  it('answers from the notification in the app window already open: the worker tells it which call', async () => {
    const eventId = await storeCall();
    await page
      .getByRole('button', { name: /Answer/ })
      .first()
      .waitFor({ timeout: 20_000 });
    // The page rings itself (it has the focus), so the notification is made here, then tapped.
    await appWorker().evaluate(`self.registration
      .showNotification('Claude Code · billing-api', { tag: 'call-${eventId}', data: { eventId: '${eventId}' } })
      .then(() => self.registration.getNotifications({ tag: 'call-${eventId}' }))
      .then(([notification]) =>
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'answer' })))`);
    expect(
      await pollFor(
        () => callStatus(eventId),
        (status) => status === 'answered',
        30_000,
      ),
    ).toBe('answered');
  });

  it('keeps only English voice data after an English call, and speaks English offline from it', async () => {
    // The call answered above was spoken with the on-device voice, in English (the brief's language).
    const voiceData = Object.values(await cachedPathsByCache())
      .flat()
      .filter((path) => VOICE_DATA.test(path))
      .sort();
    expect(voiceData).toHaveLength(2);
    expect(voiceData[0]).toMatch(/^\/assets\/espeak-ng\/en_dict-\w+\.bin$/);
    expect(voiceData[1]).toMatch(/^\/assets\/espeak-ng\/shared-\w+\.bin$/);

    await context.setOffline(true);
    try {
      // A new page, so a new eSpeak NG worker that must load its data from the device.
      await reloadOffline();
      await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: 10_000 });
      await openSettingsRow(page, /Voice/);
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      await waitFor(async () => (await playedAudio(page)).buffers.length >= 1, 30_000, 'the offline preview');
      const [spoken] = (await playedAudio(page)).buffers;
      expect(spoken?.seconds).toBeGreaterThan(0.5);
      expect(spoken?.rms).toBeGreaterThan(0.01);
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await page.getByRole('button', { name: 'Back', exact: true }).click();
    } finally {
      await context.setOffline(false);
    }
  });

  it('opens offline after one visit, saying plainly that it is offline', async () => {
    await context.setOffline(true);
    try {
      await reloadOffline();
      await page.getByRole('status').filter({ hasText: 'You are offline.' }).waitFor({ timeout: 10_000 });
      // The app itself, from the device: the calls page with its settings.
      await page
        .getByRole('button', { name: /Settings/ })
        .first()
        .waitFor();
      await saveScreenshots(page, 'pwa-offline');
    } finally {
      await context.setOffline(false);
    }
  });

  it('opens from the device when the relay is down, and names the relay it cannot reach', async () => {
    await relay.kill();
    await page.reload();
    await page
      .getByRole('status')
      .filter({ hasText: `Cannot reach the relay at ${new URL(relay.url).host}.` })
      .waitFor({ timeout: 15_000 });
    await saveScreenshots(page, 'pwa-relay-unreachable');
    expect((await installability(context, page)).manifest.errors).toEqual([]);
  });
});
