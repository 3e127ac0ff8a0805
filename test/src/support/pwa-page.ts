import type { BrowserContext, Page } from 'playwright-core';

// Scripts that run in the page, mostly as text: this package is typed for Node, not the DOM.

/** The slice of `navigator.serviceWorker` read here. */
interface ServiceWorkerView {
  controller: { state: string; scriptURL: string } | null;
}

/** The service worker that controls the page, once it has one: its script and state. */
export async function waitControlled(
  page: Page,
  timeoutMs = 30_000,
): Promise<{ script: string; state: string }> {
  // A function, not text: the page's policy refuses eval, which a text predicate would need.
  const handle = await page.waitForFunction(
    () => {
      const { controller } = (globalThis as unknown as { navigator: { serviceWorker: ServiceWorkerView } })
        .navigator.serviceWorker;
      return controller?.state === 'activated'
        ? { script: controller.scriptURL, state: controller.state }
        : null;
    },
    undefined,
    { timeout: timeoutMs, polling: 100 },
  );
  return (await handle.jsonValue()) as { script: string; state: string };
}

/** Every URL the service worker's caches hold (Workbox keeps revisioned files with `__WB_REVISION__`). */
export async function cachedUrls(page: Page): Promise<string[]> {
  return (await page.evaluate(`(async () => {
    const urls = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  })()`)) as string[];
}

/** IndexedDB `ringback-keys`, store `keys`, record `id` (as JSON: a CryptoKey comes back as `{}`). */
export async function keysRecord(page: Page, id: string): Promise<Record<string, unknown> | null> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('ringback-keys');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('keys')) { db.close(); resolve(null); return; }
      const get = db.transaction('keys').objectStore('keys').get(${JSON.stringify(id)});
      get.onsuccess = () => { db.close(); resolve(get.result ? JSON.parse(JSON.stringify(get.result)) : null); };
      get.onerror = () => reject(get.error);
    };
  })`)) as Record<string, unknown> | null;
}

/**
 * The declines the service worker left in IndexedDB `ringback-worker-declines` (store `declines`)
 * for the page's history: each call's id, its line, and whether the call came sealed with it.
 */
export async function workerDeclines(
  page: Page,
): Promise<{ eventId: string; line: string | null; sealed: boolean }[]> {
  return (await page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open('ringback-worker-declines');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('declines')) { db.close(); resolve([]); return; }
      const all = db.transaction('declines').objectStore('declines').getAll();
      all.onsuccess = () => {
        db.close();
        resolve(all.result.map((row) => ({ eventId: row.eventId, line: row.line ?? null, sealed: Boolean(row.sealed) })));
      };
      all.onerror = () => reject(all.error);
    };
  })`)) as { eventId: string; line: string | null; sealed: boolean }[];
}

/** Marks the page's document, to tell later whether it was reloaded (a new document has no mark). */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate('window.__ringbackMark = true');
}

/**
 * Waits for the marked document to be replaced by a new one. A timeout says where the service
 * workers stood (which one controls the page, which is installing or waiting), so a stalled
 * update names its step.
 */
export async function waitNewDocument(page: Page, timeoutMs = 20_000): Promise<void> {
  try {
    await page.waitForFunction(
      () => (globalThis as unknown as { __ringbackMark?: boolean }).__ringbackMark === undefined,
      undefined,
      { timeout: timeoutMs, polling: 100 },
    );
  } catch (error) {
    const workers = await workerStates(page).catch((reason: unknown) => String(reason));
    throw new Error(`${(error as Error).message}\nservice workers: ${JSON.stringify(workers)}`);
  }
}

/** The page's service worker registration: each worker's state, and whether this document is still the marked one. */
export async function workerStates(page: Page): Promise<Record<string, unknown>> {
  return (await page.evaluate(`(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const state = (worker) => worker ? worker.state : null;
    return {
      marked: window.__ringbackMark === true,
      controller: state(navigator.serviceWorker.controller),
      installing: state(registration?.installing),
      waiting: state(registration?.waiting),
      active: state(registration?.active),
    };
  })()`)) as Record<string, unknown>;
}

/** Chromium's own verdict on installing the page as an app, through the DevTools protocol. */
export async function installability(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const manifest = await cdp.send('Page.getAppManifest', {});
    return { installabilityErrors, manifest };
  } finally {
    await cdp.detach();
  }
}

/** Asks until Chromium finds nothing in the way (it says `no-manifest` while the page still loads), or 20 s pass. */
export async function waitInstallable(context: BrowserContext, page: Page) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const verdict = await installability(context, page);
    if (verdict.installabilityErrors.length === 0 || Date.now() > deadline) return verdict;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A notification as `registration.getNotifications()` describes it. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  silent: boolean;
  actions: string[];
  vibrate: number[];
}

/** The notifications the origin's service worker shows now, read from `page` (a page of that origin). */
export async function shownNotifications(page: Page): Promise<ShownNotification[]> {
  return (await page.evaluate(`navigator.serviceWorker.getRegistration().then(async (registration) =>
    (await registration.getNotifications()).map((n) => ({
      title: n.title, body: n.body, tag: n.tag, requireInteraction: n.requireInteraction,
      silent: Boolean(n.silent), actions: (n.actions || []).map((a) => a.action), vibrate: Array.from(n.vibrate || []),
    })))`)) as ShownNotification[];
}

/**
 * Wakes the origin's service worker with a push carrying `data`, as a push service would, from a
 * page of another origin (so no window of the app is open): its workers are stopped first.
 */
export async function deliverPush(context: BrowserContext, page: Page, origin: string, data: string) {
  const cdp = await context.newCDPSession(page);
  try {
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((registration) => registration.scopeURL === `${origin}/`);
        if (ours && !ours.isDeleted) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data });
  } finally {
    await cdp.detach();
  }
}

/** Asks `read` every 100 ms until `done` says yes or `timeoutMs` passes, and gives the last answer. */
export async function pollFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/**
 * Delivers a push (as `deliverPush`) and waits until the origin's worker shows what `done` wants,
 * read from `reader`. On a loaded machine a worker woken over the DevTools protocol can miss a
 * delivery while it starts, so the same push (same id, same notification tag: a push service may
 * also deliver one twice) is delivered again every 5 s, for up to 30 s.
 */
export async function notificationsAfterPush(
  context: BrowserContext,
  page: Page,
  reader: Page,
  origin: string,
  data: string,
  done: (shown: ShownNotification[]) => boolean,
): Promise<ShownNotification[]> {
  const deadline = Date.now() + 30_000;
  let shown: ShownNotification[] = [];
  while (Date.now() < deadline) {
    await deliverPush(context, page, origin, data);
    if (reader.url() === 'about:blank') await reader.goto(`${origin}/favicon.svg`);
    shown = await pollFor(() => shownNotifications(reader), done, 5_000);
    if (done(shown)) break;
  }
  return shown;
}
