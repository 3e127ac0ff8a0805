/** A notification the service worker shows, as `registration.getNotifications()` gives it. */
export interface ShownNotificationLike {
  readonly data: unknown;
  close(): void;
}

export interface StaleNotificationDeps {
  /** The notifications shown now (the worker's registration's). */
  notifications(): Promise<readonly ShownNotificationLike[]>;
  /**
   * The calls still pending: the relay's pending list, and the calls this page rings, prepares or
   * lists as missed. Rejects when the relay cannot be asked; then nothing is closed.
   */
  pendingIds(): Promise<ReadonlySet<string>>;
}

const eventIdOf = (notification: ShownNotificationLike): string | null => {
  const data = notification.data as { eventId?: unknown } | null | undefined;
  return typeof data?.eventId === 'string' ? data.eventId : null;
};

/**
 * Closes the notifications of calls that are over: each call's notification carries its id
 * (`data.eventId`), and one whose call is no longer pending would only ring stale (its `ended`
 * push may never have come: the phone was off, the push service dropped it). Notifications of no
 * call are left alone, and the relay is not asked when no call's notification is shown. Resolves
 * to how many were closed.
 */
export async function closeStaleNotifications(deps: StaleNotificationDeps): Promise<number> {
  const shown = (await deps.notifications()).filter((notification) => eventIdOf(notification) !== null);
  if (shown.length === 0) return 0;
  const pending = await deps.pendingIds();
  let closed = 0;
  for (const notification of shown) {
    const eventId = eventIdOf(notification);
    if (eventId === null || pending.has(eventId)) continue;
    notification.close();
    closed++;
  }
  return closed;
}

/**
 * Runs `closeStaleNotifications` now (the app opened) and each time the page becomes visible
 * again. A failure (offline, no worker) is logged and retried at the next showing. Returns a stop.
 */
export function closeStaleNotificationsWhenShown(
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>,
  deps: StaleNotificationDeps,
): () => void {
  const run = () => {
    closeStaleNotifications(deps).catch((error: unknown) =>
      console.warn('ringback: could not close the notifications of calls that are over', error),
    );
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') run();
  };
  document.addEventListener('visibilitychange', onVisibility);
  if (document.visibilityState === 'visible') run();
  return () => document.removeEventListener('visibilitychange', onVisibility);
}
