/** What the offline banner says: nothing, no network at all, or a network without the relay. */
export type Connectivity = 'online' | 'offline' | 'unreachable';

/** While the relay answers, it is asked again this often (a cheap HEAD), so a relay that went away shows. */
export const REACHABLE_PROBE_INTERVAL_MS = 30_000;
/** While it does not, sooner: the banner should go soon after the relay is back. */
export const UNREACHABLE_PROBE_INTERVAL_MS = 10_000;
/** The first probe waits this long: at start the page's own requests to the relay go first. */
export const FIRST_PROBE_DELAY_MS = 3_000;
/** A probe unanswered this long counts as unreachable (a relay answers a 404 in milliseconds). */
export const PROBE_DEADLINE_MS = 8_000;

/** The browser as the watcher sees it, so tests drive it with fakes and fake timers. */
export interface ConnectivityHost {
  /** `navigator.onLine`: false means certainly offline; true only means maybe online. */
  isOnline(): boolean;
  /** Calls back on the `online` and `offline` events and on the page becoming visible; returns an unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Whether the relay answers at all (any HTTP status counts). */
  probe(signal: AbortSignal): Promise<boolean>;
}

/**
 * Watches whether the app can reach its relay: offline at once when the browser says so, else
 * by probing the relay shortly after start, on every `online` event or return to the page, and
 * every so often.
 * Returns a stop function; `onChange` hears each new state (the first one at once).
 */
export function watchConnectivity(
  host: ConnectivityHost,
  onChange: (state: Connectivity) => void,
): () => void {
  let state: Connectivity | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let probing: AbortController | null = null;
  let stopped = false;

  const set = (next: Connectivity) => {
    if (next === state) return;
    state = next;
    onChange(next);
  };

  const check = () => {
    clearTimeout(timer);
    probing?.abort();
    probing = null;
    if (stopped) return;
    if (!host.isOnline()) {
      set('offline');
      return;
    }
    // Until a probe says otherwise the browser's word stands: no banner flashes at start.
    if (state === null || state === 'offline') set('online');
    probe();
  };

  const probe = () => {
    const controller = new AbortController();
    probing = controller;
    const deadline = setTimeout(() => controller.abort(), PROBE_DEADLINE_MS);
    host
      .probe(controller.signal)
      .catch(() => false)
      .then((reachable) => {
        clearTimeout(deadline);
        if (probing !== controller || stopped) return;
        probing = null;
        set(reachable ? 'online' : host.isOnline() ? 'unreachable' : 'offline');
        timer = setTimeout(check, reachable ? REACHABLE_PROBE_INTERVAL_MS : UNREACHABLE_PROBE_INTERVAL_MS);
      });
  };

  const unsubscribe = host.subscribe(check);
  if (host.isOnline()) {
    set('online');
    timer = setTimeout(check, FIRST_PROBE_DELAY_MS);
  } else set('offline');
  return () => {
    stopped = true;
    unsubscribe();
    clearTimeout(timer);
    probing?.abort();
  };
}

/**
 * Asks the relay for a path that is never cached (the service worker leaves `/v1/` alone) and
 * that every relay answers (404) without a token: any answer means it is reachable. `no-cors`, so
 * a relay on another origin than the page counts too.
 */
export async function probeRelay(relayUrl: string, signal: AbortSignal, fetcher: typeof fetch = fetch) {
  try {
    await fetcher(`${relayUrl.replace(/\/+$/, '')}/v1/`, {
      method: 'HEAD',
      mode: 'no-cors',
      cache: 'no-store',
      signal,
    });
    return true;
  } catch {
    return false;
  }
}

/** The page's own browser, probing `relayUrl`. */
export function browserConnectivityHost(relayUrl: string): ConnectivityHost {
  return {
    isOnline: () => navigator.onLine,
    subscribe(listener) {
      const onVisible = () => {
        if (document.visibilityState === 'visible') listener();
      };
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      document.addEventListener('visibilitychange', onVisible);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
        document.removeEventListener('visibilitychange', onVisible);
      };
    },
    probe: (signal) => probeRelay(relayUrl, signal),
  };
}
