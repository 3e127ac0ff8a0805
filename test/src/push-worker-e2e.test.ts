// What the service worker shows for each kind of push with the app closed, in real Chromium: the
// pushes are delivered as a push service would (DevTools `ServiceWorker.deliverPushMessage`, with
// the payload the relay sends), no window of the app is open, and the worker talks to a real relay.
// A ringing call ended elsewhere turns into a quiet notification saying where; in a silent period
// set on the page, a ring is a quiet missed call and the relay is asked for no re-alerts; a ringing
// notification swiped away asks the same. A call declined from its notification is in the app's
// history as declined when the app opens next.
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import { createSilentRelayLogger, type RunningRelay, startRelay } from '@ringback/relay';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, waitConnected } from './support/app-page';
import { CHROMIUM_PATH, PHONE_VIEWPORT, STEP_TIMEOUT_MS } from './support/browser';
import { CALL_WORDS, callStatusOf, pairingPageUrl, storeSealedCall } from './support/pwa-calls';
import { saveNotificationCard } from './support/pwa-notification-card';
import {
  keysRecord,
  notificationsAfterPush,
  pollFor,
  waitControlled,
  workerDeclines,
} from './support/pwa-page';
import { back, openRow, pageTimeOfDay } from './support/settings-page';

const CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));
const RING_TITLE = `Claude Code · ${CALL_WORDS.project}`;

let dataDir: string;
let profile: string;
let relay: RunningRelay;
let context: BrowserContext;
let page: Page;
let reader: Page;
let daemon: DeviceCredentials;
const key = generateE2eKey();
/** Every request that reached the relay: method, path, bearer token and the status it was answered with. */
const requests: { method: string; url: string; token: string; status: number }[] = [];

/** Another app device of the account, as a tablet: its token. */
async function tabletToken(): Promise<string> {
  const post = async (path: string, token: string | null, body: object) => {
    const response = await fetch(`${relay.url}${path}`, {
      method: 'POST',
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return response.json() as Promise<Record<string, string>>;
  };
  const { code } = await post('/v1/pairing-codes', daemon.deviceToken, {});
  return String(
    (await post('/v1/pairing-codes/redeem', null, { code, kind: 'app', name: 'Tablet' })).deviceToken,
  );
}
let tablet: string | undefined;

/** Answers a call on the tablet, so it rings nowhere any more. */
async function answerOnTablet(eventId: string): Promise<void> {
  tablet ??= await tabletToken();
  const response = await fetch(`${relay.url}/v1/events/${eventId}/status`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tablet}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'answered' }),
  });
  if (!response.ok) throw new Error(`answering ${eventId} answered ${response.status}`);
}

/** The `/quiet` requests the relay has answered for a call. */
const quietRequests = (eventId: string) =>
  requests.filter((request) => request.method === 'POST' && request.url === `/v1/events/${eventId}/quiet`);

/** Delivers `wake` (a push payload, as JSON) and waits until the worker shows what `done` wants. */
function push(wake: object, done: Parameters<typeof notificationsAfterPush>[5]) {
  return notificationsAfterPush(context, page, reader, relay.url, JSON.stringify(wake), done);
}

/** The app's service worker, as Playwright reaches it (the newest: a worker woken again is a new one). */
function appWorker() {
  const worker = context
    .serviceWorkers()
    .filter((candidate) => candidate.url() === `${relay.url}/sw.js`)
    .at(-1);
  if (!worker) throw new Error('the app has no running service worker');
  return worker;
}

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-push-worker-e2e-'));
  relay = await startRelay({
    dataDir,
    port: 0,
    openSignup: true,
    logger: createSilentRelayLogger(),
    appDir: CLIENT_DIST,
    pushSubject: 'mailto:e2e@ringback.example',
  });
  // Listens beside Fastify on the same server: what the worker asked, as the relay received it.
  relay.app.server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    response.on('finish', () =>
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        token: String(request.headers.authorization ?? '').replace(/^Bearer /, ''),
        status: response.statusCode,
      }),
    );
  });
  daemon = (await (
    await fetch(`${relay.url}/v1/accounts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'daemon', name: 'Laptop' }),
    })
  ).json()) as DeviceCredentials;
  profile = await mkdtemp(join(tmpdir(), 'ringback-push-worker-profile-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: PHONE_VIEWPORT,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.grantPermissions(['notifications'], { origin: relay.url });
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto(await pairingPageUrl(relay.url, daemon.deviceToken, key));
  await waitConnected(page);
  await waitControlled(page);
  // The app closes (the phone is locked); notifications are read from a file of its origin, not a window of the app.
  await page.goto('about:blank');
  reader = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await relay?.close();
  for (const dir of [profile, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the service worker with the app closed', () => {
  it('turns a ringing call answered on another device into a quiet "Answered on <name>" under the same tag', async () => {
    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const [ringing] = await push({ id: eventId, kind: 'ring' }, (list) => list[0]?.title === RING_TITLE);
    expect(ringing).toMatchObject({ title: RING_TITLE, tag: `call-${eventId}`, requireInteraction: true });

    await answerOnTablet(eventId);
    const asked = requests.length;

    const ended = await push(
      { id: eventId, kind: 'ended', status: 'answered', by: 'dev-tablet', byName: 'Tablet' },
      (list) => list[0]?.title === 'Answered on Tablet',
    );
    expect(ended).toEqual([
      {
        title: 'Answered on Tablet',
        body: RING_TITLE,
        tag: `call-${eventId}`,
        requireInteraction: false,
        silent: true,
        actions: [],
        vibrate: [],
      },
    ]);
    if (ended[0]) await saveNotificationCard(context, ended[0], relay.url, 'push-worker-answered-elsewhere');
    // Said by the push itself: the worker asked the relay nothing about the ended call.
    expect(
      requests.slice(asked).filter((request) => request.url.startsWith(`/v1/events/${eventId}`)),
    ).toEqual([]);
  });

  it('asks the relay for no more re-alerts when a ringing notification is swiped away', async () => {
    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    await push({ id: eventId, kind: 'ring' }, (list) =>
      list.some((shown) => shown.tag === `call-${eventId}`),
    );
    const token = String((await keysRecord(reader, 'device'))?.deviceToken);
    // Headless Chromium has no hand to swipe with: the worker's own notificationclose listener gets
    // the notification it shows, as the browser hands it over when the user dismisses one.
    await appWorker().evaluate(`self.registration.getNotifications({ tag: 'call-${eventId}' }).then(([notification]) =>
      self.dispatchEvent(new NotificationEvent('notificationclose', { notification })))`);
    const quiet = await pollFor(
      async () => quietRequests(eventId),
      (list) => list.length > 0,
      15_000,
    );
    expect(quiet).toHaveLength(1);
    expect(quiet[0]).toMatchObject({ token, status: 204 });
    // Swiping declined nothing: the call still waits for an answer (here the tablet's, so no page rings it later).
    const call = await fetch(`${relay.url}/v1/events/${eventId}`, {
      headers: { authorization: `Bearer ${daemon.deviceToken}` },
    });
    expect(((await call.json()) as { status: string }).status).toBe('pending');
    await answerOnTablet(eventId);
  });

  it('a call declined from its notification is in history as declined when the app opens next', async () => {
    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const ringing = await push({ id: eventId, kind: 'ring' }, (list) =>
      list.some((shown) => shown.tag === `call-${eventId}` && shown.title === RING_TITLE),
    );
    expect(ringing.find((shown) => shown.tag === `call-${eventId}`)).toMatchObject({
      title: RING_TITLE,
      actions: ['answer', 'decline'],
    });
    // Decline, as a tap on the button would (the worker's own notificationclick handler).
    await appWorker().evaluate(`self.registration.getNotifications({ tag: 'call-${eventId}' }).then(([notification]) =>
      self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'decline' })))`);
    const declinedOnRelay = await pollFor(
      () => callStatusOf(relay.url, daemon.deviceToken, eventId),
      (status) => status === 'rejected',
      30_000,
    );
    expect(declinedOnRelay).toBe('rejected');
    // The worker left it for the page, with the call as the relay had it before the decline (sealed).
    const left = await pollFor(
      () => workerDeclines(reader),
      (list) => list.some((decline) => decline.eventId === eventId),
    );
    expect(left).toEqual([{ eventId, line: RING_TITLE, sealed: true }]);
    // The relay no longer has the call's words: what history shows came from the worker.
    const erased = await fetch(`${relay.url}/v1/events/${eventId}`, {
      headers: { authorization: `Bearer ${daemon.deviceToken}` },
    });
    expect(((await erased.json()) as { sealed: unknown }).sealed).toBeNull();

    await page.goto(relay.url);
    await page.bringToFront();
    await waitConnected(page);
    const row = page.locator('.rb-history-row', { hasText: CALL_WORDS.spoken });
    await row.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await row.locator('.rb-pill').first().textContent()).toBe('Declined');
    await saveScreenshots(page, 'push-worker-declined-history');
    expect(
      await pollFor(
        () => workerDeclines(page),
        (list) => list.length === 0,
      ),
    ).toEqual([]);

    // Taken once: after a reload it is still one row, still declined.
    await page.reload();
    await waitConnected(page);
    await row.first().waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await row.count()).toBe(1);
    expect(await row.locator('.rb-pill').first().textContent()).toBe('Declined');
    // The app closes again, as the tests after this one want it.
    await page.goto('about:blank');
  });

  it('a call declined from its notification while the app is open stops ringing there and is in its history at once', async () => {
    await page.goto(relay.url);
    await page.bringToFront();
    await waitConnected(page);
    // Calls of the tests before may be in history with the same words: this one adds a row.
    const declinedRows = page
      .locator('.rb-history-row', { hasText: CALL_WORDS.spoken })
      .filter({ has: page.locator('.rb-pill', { hasText: /^Declined$/ }) });
    const before = await declinedRows.count();
    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const answer = page.getByRole('button', { name: 'Answer', exact: true });
    await answer.waitFor({ timeout: STEP_TIMEOUT_MS });
    // The page rings itself (it has the focus), so the notification is made here, then its Decline tapped.
    await appWorker().evaluate(`self.registration
      .showNotification(${JSON.stringify(RING_TITLE)}, {
        tag: 'call-${eventId}',
        data: { eventId: '${eventId}', kind: 'ring', line: ${JSON.stringify(RING_TITLE)} },
      })
      .then(() => self.registration.getNotifications({ tag: 'call-${eventId}' }))
      .then(([notification]) =>
        self.dispatchEvent(new NotificationEvent('notificationclick', { notification, action: 'decline' })))`);
    expect(
      await pollFor(
        () => callStatusOf(relay.url, daemon.deviceToken, eventId),
        (status) => status === 'rejected',
        30_000,
      ),
    ).toBe('rejected');
    // The worker told the page: it stops ringing and its history says so, with no reload.
    await answer.waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await expect.poll(() => declinedRows.count()).toBe(before + 1);
    expect(
      await pollFor(
        () => workerDeclines(page),
        (list) => list.length === 0,
      ),
    ).toEqual([]);
    await page.goto('about:blank');
  });

  it('keeps the silent period set on the page: a ring shows a quiet "Missed call" and asks the relay for no re-alerts', async () => {
    // Sleep, as the user sets it: from an hour ago to two hours from now, every day, then on.
    await page.goto(relay.url);
    // In front of the reader, so the page paints (a background tab runs no transitions for the screenshot).
    await page.bringToFront();
    await waitConnected(page);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await openRow(page, 'Ring schedules', 'Ring schedules');
    await openRow(page, 'Edit Sleep', 'Sleep');
    await page.getByLabel('Range 1 from').fill(await pageTimeOfDay(page, -60));
    await page.getByLabel('Range 1 to').fill(await pageTimeOfDay(page, 120));
    await page.getByRole('radio', { name: 'Do not ring within these times', exact: true }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await back(page, 'Ring schedules');
    const sleep = page.getByRole('switch', { name: 'Sleep', exact: true });
    await sleep.click();
    await expect.poll(() => sleep.getAttribute('aria-checked')).toBe('true');
    await page.getByText(/^Silent now, until .*: calls wait as missed$/).waitFor();
    await saveScreenshots(page, 'push-worker-silent-mode');
    // The page left the schedule where the worker reads it.
    const record = await pollFor(
      () => keysRecord(page, 'device'),
      (found) => JSON.stringify(found?.ringModes ?? []).includes('"on":true'),
    );
    expect(record?.ringModes).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'sleep', on: true, rule: 'silentWithin' })]),
    );
    await page.goto('about:blank');

    const eventId = await storeSealedCall(relay.url, daemon.deviceToken, key);
    const shown = await push({ id: eventId, kind: 'ring' }, (list) =>
      list.some((notification) => notification.tag === `call-${eventId}`),
    );
    const missed = shown.find((notification) => notification.tag === `call-${eventId}`);
    expect(missed).toMatchObject({
      title: 'Missed call',
      requireInteraction: false,
      silent: true,
      actions: [],
      vibrate: [],
    });
    if (missed) await saveNotificationCard(context, missed, relay.url, 'push-worker-silent-missed');
    const quiet = await pollFor(
      async () => quietRequests(eventId),
      (list) => list.length > 0,
      15_000,
    );
    expect(quiet.length).toBeGreaterThan(0);
    expect(quiet[0]).toMatchObject({ token: String(record?.deviceToken), status: 204 });
    // The call was never fetched: in a silent period nothing of it is needed.
    expect(
      requests.some((request) => request.method === 'GET' && request.url === `/v1/events/${eventId}`),
    ).toBe(false);
  });
});
