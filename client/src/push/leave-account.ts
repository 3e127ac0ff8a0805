import { PUSH_SETUP_DEADLINE_MS, withinDeadline } from './browser-push';
import type { PushManagerLike } from './push-subscriber';

/**
 * How long leaving waits for each part (the browser's unsubscribe, the old relay): pairing waits
 * for it, and a browser or relay that does not answer must not leave pairing spinning.
 */
export const LEAVE_ACCOUNT_DEADLINE_MS = 5_000;

export interface LeaveAccountDeps {
  /**
   * The relay of the account being left, asked with this device's token there; null when it can
   * no longer be asked (the relay answered 401: the device was removed).
   */
  relay: { unsubscribePush(): Promise<void> } | null;
  /** The push manager of the service worker registered now; null where none is. */
  pushManager(): Promise<PushManagerLike | null>;
  /** Each part's deadline; `LEAVE_ACCOUNT_DEADLINE_MS` unless a test says otherwise. */
  deadlineMs?: number;
}

/**
 * This browser leaves an account (it pairs into another, or it was removed from it): its push
 * subscription ends, so the endpoint the old account's relay holds stops working (the push service
 * refuses its next push and the relay drops it) and a later pairing subscribes afresh, with a new
 * endpoint; the old relay is also asked to forget it, where it still can be. Never throws, and
 * settles within the deadline: leaving goes on whatever fails or does not answer, each failure is
 * logged (a subscription not ended then is refused by the push service later, or replaced).
 */
export async function leaveAccountPush(deps: LeaveAccountDeps): Promise<void> {
  const ms = deps.deadlineMs ?? LEAVE_ACCOUNT_DEADLINE_MS;
  const endBrowserPart = async () => {
    const held = await (await deps.pushManager())?.getSubscription();
    if (held) await held.unsubscribe();
  };
  const results = await Promise.allSettled([
    withinDeadline(endBrowserPart(), ms, "the browser's push service"),
    deps.relay ? withinDeadline(deps.relay.unsubscribePush(), ms, 'the relay') : undefined,
  ]);
  for (const result of results)
    if (result.status === 'rejected')
      console.warn('ringback: the push subscription of the account left', result.reason);
}

/**
 * The push manager of the worker registered for this page, without waiting for one to become
 * active (none may ever be: the desktop app, a plain-http page); null where there is none.
 */
export async function registeredPushManager(
  container: Pick<ServiceWorkerContainer, 'getRegistration'> | undefined = globalThis.navigator
    ?.serviceWorker,
  ms = PUSH_SETUP_DEADLINE_MS,
): Promise<PushManagerLike | null> {
  const registration = container
    ? await withinDeadline(container.getRegistration(), ms, 'the browser')
    : undefined;
  if (!registration) return null;
  const manager = registration.pushManager;
  return {
    getSubscription: () => withinDeadline(manager.getSubscription(), ms, "the browser's push service"),
    subscribe: (options) => withinDeadline(manager.subscribe(options), ms, "the browser's push service"),
  };
}
