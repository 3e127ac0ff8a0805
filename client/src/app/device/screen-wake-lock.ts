/** The parts of a `WakeLockSentinel` used here. */
export interface WakeLockSentinelLike {
  readonly released: boolean;
  release(): Promise<void>;
}

export interface ScreenWakeLockDeps {
  /** `navigator.wakeLock`; undefined where the browser has none (then this does nothing). */
  wakeLock: { request(type: 'screen'): Promise<WakeLockSentinelLike> } | undefined;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
}

export interface ScreenWakeLock {
  /** Keep the screen on from now until `release`. */
  hold(): void;
  release(): void;
}

/**
 * Keeps the screen on while a call plays, so the phone does not lock mid-brief. The browser drops a
 * wake lock whenever the page is hidden; it is asked for again each time the page shows while
 * still wanted. A refusal (battery saver, a hidden page) leaves the screen to its own timeout.
 */
export function createScreenWakeLock({ wakeLock, document }: ScreenWakeLockDeps): ScreenWakeLock {
  let wanted = false;
  let sentinel: WakeLockSentinelLike | null = null;
  let requesting = false;

  const acquire = async () => {
    if (!wakeLock || !wanted || requesting || document.visibilityState !== 'visible') return;
    if (sentinel && !sentinel.released) return;
    requesting = true;
    try {
      const got = await wakeLock.request('screen');
      // Released while the request was on its way: not wanted any more.
      if (wanted) sentinel = got;
      else void got.release().catch(() => undefined);
    } catch {
      // Refused: the screen keeps its usual timeout.
    } finally {
      requesting = false;
    }
  };
  const onVisibility = () => void acquire();

  return {
    hold() {
      if (wanted) return;
      wanted = true;
      document.addEventListener('visibilitychange', onVisibility);
      void acquire();
    },
    release() {
      if (!wanted) return;
      wanted = false;
      document.removeEventListener('visibilitychange', onVisibility);
      const held = sentinel;
      sentinel = null;
      if (held && !held.released) void held.release().catch(() => undefined);
    },
  };
}
