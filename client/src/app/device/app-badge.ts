/** The Badging API as far as it is used; absent in browsers without it. */
export interface BadgeNavigator {
  setAppBadge?(count?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

export interface AppBadge {
  /** The number of missed calls on the app's icon; none clears it. */
  show(count: number): void;
  /**
   * Sets the last count shown again: the service worker may have changed the badge meanwhile (a
   * missed call while the page was hidden), and the page's count is the one that holds.
   */
  reapply(): void;
}

/**
 * The installed app's icon badge, following the missed calls. Where the browser has no Badging API
 * this does nothing; a browser that refuses (not installed, no permission) is not an error worth a
 * word to the user, so refusals are dropped. The same count is not set twice.
 */
export function createAppBadge(nav: BadgeNavigator | undefined = globalThis.navigator): AppBadge {
  let shown: number | null = null;
  const set = (count: number) => {
    shown = count;
    const setting = count > 0 ? nav?.setAppBadge?.(count) : nav?.clearAppBadge?.();
    void setting?.catch(() => undefined);
  };
  return {
    show(count) {
      const next = Math.max(0, Math.floor(count));
      if (next !== shown) set(next);
    },
    reapply() {
      if (shown !== null) set(shown);
    },
  };
}
