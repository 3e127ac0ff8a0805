/** The Badging API as far as it is used; absent in browsers without it. */
export interface BadgeNavigator {
  setAppBadge?(count?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

export interface AppBadge {
  /** The number of missed calls on the app's icon; none clears it. */
  show(count: number): void;
}

/**
 * The installed app's icon badge, following the missed calls. Where the browser has no Badging API
 * this does nothing; a browser that refuses (not installed, no permission) is not an error worth a
 * word to the user, so refusals are dropped. The same count is not set twice.
 */
export function createAppBadge(nav: BadgeNavigator | undefined = globalThis.navigator): AppBadge {
  let shown: number | null = null;
  return {
    show(count) {
      const next = Math.max(0, Math.floor(count));
      if (next === shown) return;
      shown = next;
      const setting = next > 0 ? nav?.setAppBadge?.(next) : nav?.clearAppBadge?.();
      void setting?.catch(() => undefined);
    },
  };
}
