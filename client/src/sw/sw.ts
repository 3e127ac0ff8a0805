import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { browserWorkerDeclines } from '../storage/worker-declines';
import { APP_NAVIGATION, appShellHandler, isAppWindowUrl } from './app-shell';
import { isWebKit } from './browser-engine';
import { handleNotificationClick } from './click-handler';
import { handleNotificationClose } from './close-handler';
import { readDevice } from './device-reader';
import { badgeMissedCalls } from './missed-badge';
import { isNotificationKind, type NotificationData, type ShownNotification } from './notification-text';
import { handlePush } from './push-handler';
import { declineCall, fetchRelayedEvent, quietCall } from './relay-requests';
import { renewSubscription } from './subscription-change';
import { systemLanguage } from './sw-text';
import { takeOverAtInstall, takeOverWhenAsked } from './update-handoff';

declare const self: ServiceWorkerGlobalScope & {
  /** The build's files and their revisions, written in by vite-plugin-pwa (injectManifest). */
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

// A new build's worker takes over at once with no app window open, or when the open windows run
// pages from before the hand-off (they never answer its ping); else when a page says no call rings
// or is in progress there (client/src/pwa/update-handoff.ts). The pages it takes over reload once,
// so no page runs a build whose files are gone.
self.addEventListener('install', (event) => {
  event.waitUntil(
    takeOverAtInstall({ appWindows: () => appWindows(), skipWaiting: () => self.skipWaiting() }),
  );
});
self.addEventListener('message', (event) => {
  event.waitUntil(takeOverWhenAsked(event.data, { skipWaiting: () => self.skipWaiting() }));
});
clientsClaim();

const openAppShell = appShellHandler({
  fetch: (request) => fetch(request),
  cachedShell: () => matchPrecache('/index.html'),
});

// Navigations first, so the page comes from the relay when it answers (fresh style nonce, newest
// build) and from the precache only when it does not; the API (/v1/) is never cached or answered here.
registerRoute(
  new NavigationRoute(({ request }) => openAppShell(request), {
    allowlist: [APP_NAVIGATION],
    denylist: [/^\/v1\//],
  }),
);
// The app shell (html, scripts, styles, icons; about 0.8 MB on the wire, so the worker is active
// soon after a first visit): served from the device, fetched again only when a new build changes
// them. The on-device voice's data is not here: its worker keeps each language it speaks itself.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** Windows showing the app (most recently focused first), not other pages of the origin. */
const appWindows = async () =>
  (await self.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter((client) =>
    isAppWindowUrl(client.url),
  );
/** How many buttons a notification may have here (not in the DOM typings; absent where none). */
const maxActions = () =>
  typeof Notification === 'undefined' ? 0 : ((Notification as { maxActions?: number }).maxActions ?? 0);

async function closeNotifications(tag: string): Promise<void> {
  for (const notification of await self.registration.getNotifications({ tag })) notification.close();
}

const showNotification = ({ title, options }: ShownNotification) =>
  self.registration.showNotification(title, options);

/** The call's notification shown now, if the worker showed it (its data says so). */
async function shownFor(tag: string) {
  const [shown] = await self.registration.getNotifications({ tag });
  const data = shown?.data as NotificationData | null | undefined;
  return shown && data?.kind ? { title: shown.title, body: shown.body, data } : null;
}

/** `navigator.setAppBadge`, where the platform has a badge (not in every WebWorker typing). */
const appBadge = (self.navigator as { setAppBadge?: (count: number) => Promise<void> }).setAppBadge;

/** The badge counts the missed calls shown now: after every notification shown, replaced or closed. */
const recountBadge = async () => {
  await badgeMissedCalls({
    notifications: () => self.registration.getNotifications(),
    setAppBadge: appBadge && ((count) => appBadge.call(self.navigator, count)),
  });
};

self.addEventListener('push', (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json() ?? null;
  } catch {
    // Not JSON: rings as an unknown call rather than not at all.
  }
  event.waitUntil(
    handlePush(payload, {
      now: Date.now,
      systemLanguage: systemLanguage(self.navigator.languages),
      maxActions: maxActions(),
      alwaysNotify: isWebKit(self.navigator.userAgent),
      readDevice,
      fetchEvent: (device, eventId) => fetchRelayedEvent(device, eventId),
      quiet: (device, eventId) => quietCall(device, eventId),
      shownFor,
      hasFocusedWindow: async () =>
        (await appWindows()).some((client) => client.focused && client.visibilityState === 'visible'),
      show: showNotification,
      close: closeNotifications,
      recountBadge,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  const data = event.notification.data as { eventId?: unknown; kind?: unknown; line?: unknown } | null;
  event.waitUntil(
    handleNotificationClick(
      {
        action: event.action,
        eventId: typeof data?.eventId === 'string' ? data.eventId : null,
        kind: isNotificationKind(data?.kind) ? data.kind : undefined,
        line: typeof data?.line === 'string' ? data.line : undefined,
        close: () => event.notification.close(),
      },
      {
        windows: appWindows,
        openWindow: (url) => self.clients.openWindow(url),
        readDevice,
        fetchEvent: (device, eventId) => fetchRelayedEvent(device, eventId),
        decline: (device, eventId) => declineCall(device, eventId),
        recordDecline: async (decline) => {
          const log = browserWorkerDeclines();
          if (!log) throw new Error('no IndexedDB here');
          await log.put(decline);
        },
        now: Date.now,
        systemLanguage: systemLanguage(self.navigator.languages),
        show: showNotification,
      },
    ),
  );
});

// Swiped away: no more re-alerts of that call here (see close-handler.ts).
self.addEventListener('notificationclose', (event) => {
  event.waitUntil(
    handleNotificationClose(event.notification.data, {
      readDevice,
      quiet: (device, eventId) => quietCall(device, eventId),
      recountBadge,
    }),
  );
});

/** Not in the DOM typings yet: the subscription the browser made in place of the old one, if any. */
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly newSubscription?: PushSubscription | null;
}

// The push service dropped or rotated the subscription with no page open: register a new one, or
// calls would stop waking this device until the app is opened again.
self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent;
  change.waitUntil(
    renewSubscription({
      readDevice: async () => (await readDevice())?.record ?? null,
      renewed: change.newSubscription ?? null,
      pushManager: self.registration.pushManager,
      fetch: (input, init) => fetch(input, init),
    }),
  );
});
