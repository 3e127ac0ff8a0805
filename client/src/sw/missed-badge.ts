/** The parts of the worker the badge uses; `setAppBadge` is absent where the platform has no badge. */
export interface BadgeDeps {
  notifications(): Promise<readonly { data: unknown }[]>;
  setAppBadge?: ((count: number) => Promise<void>) | undefined;
}

/**
 * Sets the app icon's badge to the number of missed-call notifications shown now (the worker
 * keeps no count of its own: the notifications are the count, and the user clearing them or the
 * page opening changes it). The number set, or null where there is no badge or it failed: a push
 * never fails for it.
 */
export async function badgeMissedCalls(deps: BadgeDeps): Promise<number | null> {
  if (typeof deps.setAppBadge !== 'function') return null;
  try {
    const missed = (await deps.notifications()).filter(
      (notification) => (notification.data as { kind?: unknown } | null)?.kind === 'missed',
    ).length;
    await deps.setAppBadge(missed);
    return missed;
  } catch {
    return null;
  }
}
