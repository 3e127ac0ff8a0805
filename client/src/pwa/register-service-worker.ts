import { answerUrl } from './answer-message';
import { handOffAnswer, isHandOffPing } from './take-over-message';
import { type UpdateGate, updateGate } from './update-gate';
import { offerTakeOver, reloadWhenOpen } from './update-handoff';

/** Built from client/src/sw/service-worker.ts by vite-plugin-pwa; the relay serves it at the root. */
export const SERVICE_WORKER_URL = '/sw.js';
/** A page left open for days (an installed app stays in memory) still asks for a new build this often. */
export const UPDATE_CHECK_INTERVAL_MS = 60 * 60_000;

/** The parts of the browser registration touches, so tests pass fakes. */
export interface ServiceWorkerHost {
  container: Pick<ServiceWorkerContainer, 'controller' | 'register' | 'addEventListener'> | null;
  /** Visibility changes: a page brought back to the front looks for a new build. */
  document: Pick<Document, 'visibilityState' | 'addEventListener'>;
  /** Held while an update would interrupt a call: the take-over and the reload wait for it. */
  gate: UpdateGate;
  /**
   * Loads the page again onto the new build; with a call a tap asked to answer still waiting, at
   * the address that asks for it again (`/?answer=<id>`), so the tap is not lost.
   */
  reload(answerWaiting: string | null): void;
  now(): number;
}

/** The page's own browser; no container in development (vite serves no worker) or where there is none. */
export function browserServiceWorkerHost(): ServiceWorkerHost {
  const supported = import.meta.env.PROD && window.isSecureContext && 'serviceWorker' in navigator;
  return {
    container: supported ? navigator.serviceWorker : null,
    document,
    gate: updateGate,
    reload: (answerWaiting) =>
      answerWaiting === null ? window.location.reload() : window.location.replace(answerUrl(answerWaiting)),
    now: Date.now,
  };
}

/**
 * Registers the service worker (from this module, not an inline script: the page's policy refuses
 * those). A new build's worker waits until no call rings, is being prepared to ring or is in
 * progress here (the gate), then this page tells it to take over; a page it takes over from an
 * older worker reloads once, also only with the gate open, so no page keeps running a build whose
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
  // A new build's worker asks at install whether this page hands off (it does: the gate below);
  // a page that does not answer is taken over at once (see client/src/sw/update-handoff.ts).
  container.addEventListener('message', (event) => {
    if (isHandOffPing(event.data)) event.ports[0]?.postMessage(handOffAnswer());
  });
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    const takenOver = controlled;
    controlled = true;
    if (!takenOver || reloading) return;
    reloading = true;
    reloadWhenOpen(host.gate, () => host.reload(host.gate.answerWaiting()));
  });
  let registration: ServiceWorkerRegistration;
  try {
    // The worker file is never taken from the HTTP cache, so a new build is seen on the next check.
    registration = await container.register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' });
  } catch (error) {
    console.warn('ringback: the service worker could not be registered', error);
    return null;
  }
  offerTakeOver(registration, host.gate);
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
