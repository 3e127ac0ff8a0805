import type { PushManagerLike } from './push-subscriber';

/**
 * How long the page waits for its service worker to be active, and for the browser's push service
 * to make or end a subscription. Both answer within a second or two; past this something is wrong
 * (no worker registered, a push service out of reach) and the user is told instead of left waiting.
 */
export const PUSH_SETUP_DEADLINE_MS = 15_000;

/** Settles as `work` does, or rejects with `what` once `ms` have passed. */
export function withinDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The push manager of this page's active service worker, each call with a deadline. The worker is
 * registered elsewhere (the PWA module); this only waits for it.
 */
export async function browserPushManager(
  container: Pick<ServiceWorkerContainer, 'ready'> | undefined = globalThis.navigator?.serviceWorker,
  ms = PUSH_SETUP_DEADLINE_MS,
): Promise<PushManagerLike> {
  if (!container) throw new Error('this browser has no service workers, which receive pushes');
  const registration = await withinDeadline(container.ready, ms, "Ringback's service worker");
  const manager = registration.pushManager;
  return {
    getSubscription: () => withinDeadline(manager.getSubscription(), ms, "the browser's push service"),
    subscribe: (options) => withinDeadline(manager.subscribe(options), ms, "the browser's push service"),
  };
}
