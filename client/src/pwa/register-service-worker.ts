/** Built from client/src/sw/service-worker.ts by vite-plugin-pwa; the relay serves it at the root. */
export const SERVICE_WORKER_URL = '/sw.js';
/** A page left open for days (an installed app stays in memory) still asks for a new build this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/** The parts of the browser registration touches, so tests pass fakes. */
export interface ServiceWorkerHost {
  container: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'> | null;
  /** Visibility changes: a page brought back to the front looks for a new build. */
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
  reload(): void;
  now(): number;
}

/** The page's own browser; no container in development (vite serves no worker) or where there is none. */
export function browserServiceWorkerHost(): ServiceWorkerHost {
  const supported = import.meta.env.PROD && window.isSecureContext && 'serviceWorker' in navigator;
  return {
    container: supported ? navigator.serviceWorker : null,
    document,
    reload: () => window.location.reload(),
    now: Date.now,
  };
}

/**
 * Registers the service worker (from this module, not an inline script: the page's policy refuses
 * those). A new build's worker takes over at once (it skips waiting and claims the pages), and a
 * page it takes over from an older worker reloads once, so no page keeps running a build whose
 * files the new worker no longer keeps. A page's first worker takes it over without a reload (and
 * a later build then reloads it like any other).
 * Resolves to null where there is no worker (plain-http LAN pages, old browsers) or it failed.
 */
export async function registerServiceWorker(
  host: ServiceWorkerHost = browserServiceWorkerHost(),
): Promise<ServiceWorkerRegistration | null> {
  const { container } = host;
  if (!container) return null;
  // Controlled by a worker since it loaded, or since a first worker claimed it on this visit.
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    const takenOver = controlled;
    controlled = true;
    if (!takenOver || reloading) return;
    reloading = true;
    host.reload();
  });
  let registration: ServiceWorkerRegistration;
  try {
    // The worker file is never taken from the HTTP cache, so a new build is seen on the next check.
    registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn('ringback: the service worker could not be registered', error);
    return null;
  }
  let checkedAt = host.now();
  host.document.addEventListener('visibilitychange', () => {
    if (host.document.visibilityState !== 'visible') return;
    if (host.now() - checkedAt < UPDATE_CHECK_INTERVAL_MS) return;
    checkedAt = host.now();
    // Offline, or the relay is down: the next check tries again.
    registration.update().catch(() => {});
  });
  return registration;
}
