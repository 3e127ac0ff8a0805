/**
 * Which tab of this browser holds the device's call session. One device id is one session: two
 * tabs ringing together would answer, decline and write the queue over each other. The holder
 * runs the session; the others say the app is open elsewhere and can take it over.
 *
 * Web Locks where the page has them (secure contexts: localhost, https): a held lock is released
 * by the browser when its tab closes or crashes, and the next waiting tab gets it. A plain-http LAN
 * page has no Web Locks: there tabs elect over a BroadcastChannel instead.
 */
export type TabLockState = 'waiting' | 'holding' | 'elsewhere';

export interface TabLock {
  state(): TabLockState;
  subscribe(listener: () => void): () => void;
  /** Take the session from the tab that holds it. */
  takeOver(): void;
  release(): void;
}

/** How long a tab waits for a holder to answer on the BroadcastChannel before it holds itself. */
export const ELECTION_WAIT_MS = 250;

export interface TabLockEnvironment {
  locks?: LockManager | undefined;
  channel?: ((name: string) => BroadcastChannel) | undefined;
  /** A unique id for this tab (the fallback election's tie-breaker). */
  tabId: string;
}

export function claimTabLock(name: string, env: TabLockEnvironment): TabLock {
  if (env.locks) return webLock(name, env.locks);
  if (env.channel) return channelLock(name, env.channel(name), env.tabId);
  return fixedLock();
}

function lockState() {
  let current: TabLockState = 'waiting';
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next: TabLockState) {
      if (next === current) return;
      current = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function webLock(name: string, locks: LockManager): TabLock {
  const state = lockState();
  let released = false;
  let stop = new AbortController();
  let letGo: () => void = () => {};
  const held = () =>
    new Promise<void>((resolve) => {
      state.set('holding');
      letGo = resolve;
    });
  // Queues for the lock; while another tab holds it, this one is `elsewhere` until it is freed.
  // A wait this tab called off itself (to take over, or on release) is not a loss.
  const wait = () => {
    const controller = new AbortController();
    stop = controller;
    locks.request(name, { signal: controller.signal }, held).catch(() => {
      if (!controller.signal.aborted) lost();
    });
  };
  // Stolen by another tab (AbortError), or our own release: either way, not the holder now.
  const lost = () => {
    if (released) return;
    state.set('elsewhere');
    wait();
  };
  void locks
    .request(name, { ifAvailable: true }, (lock) => (lock ? held() : undefined))
    .then(() => {
      if (state.get() === 'waiting' && !released) {
        state.set('elsewhere');
        wait();
      }
    }, lost);
  return {
    state: state.get,
    subscribe: state.subscribe,
    takeOver() {
      if (released || state.get() === 'holding') return;
      stop.abort();
      locks.request(name, { steal: true }, held).catch(lost);
    },
    release() {
      released = true;
      stop.abort();
      letGo();
    },
  };
}

type ElectionMessage =
  | { type: 'claim'; tab: string }
  | { type: 'held'; tab: string }
  | { type: 'take'; tab: string }
  | { type: 'released'; tab: string };

function channelLock(_name: string, channel: BroadcastChannel, tabId: string): TabLock {
  const state = lockState();
  const post = (message: ElectionMessage) => channel.postMessage(message);
  let election: ReturnType<typeof setTimeout> | undefined;
  let released = false;
  const elect = () => {
    clearTimeout(election);
    post({ type: 'claim', tab: tabId });
    election = setTimeout(() => state.set('holding'), ELECTION_WAIT_MS);
  };
  channel.onmessage = (message: MessageEvent<ElectionMessage>) => {
    const data = message.data;
    if (data.tab === tabId) return;
    if (data.type === 'claim' && state.get() === 'holding') post({ type: 'held', tab: tabId });
    // Two tabs electing at once: the higher id holds. The winner claims again, since the other
    // may have opened its channel after the winner's first claim went out.
    else if (data.type === 'claim' && state.get() === 'waiting') {
      if (data.tab > tabId) {
        clearTimeout(election);
        state.set('elsewhere');
      } else post({ type: 'claim', tab: tabId });
    } else if (data.type === 'held') {
      clearTimeout(election);
      state.set('elsewhere');
    } else if (data.type === 'take' && state.get() !== 'elsewhere') {
      clearTimeout(election);
      state.set('elsewhere');
    } else if (data.type === 'released' && state.get() === 'elsewhere') elect();
  };
  const onPageHide = () => {
    if (state.get() === 'holding') post({ type: 'released', tab: tabId });
  };
  globalThis.addEventListener?.('pagehide', onPageHide);
  elect();
  return {
    state: state.get,
    subscribe: state.subscribe,
    takeOver() {
      clearTimeout(election);
      post({ type: 'take', tab: tabId });
      state.set('holding');
    },
    release() {
      if (released) return;
      released = true;
      clearTimeout(election);
      onPageHide();
      channel.onmessage = null;
      globalThis.removeEventListener?.('pagehide', onPageHide);
      // After the goodbye has gone out.
      setTimeout(() => channel.close(), 50);
    },
  };
}

/** Nothing to coordinate with (a browser with neither): this tab holds the session. */
function fixedLock(): TabLock {
  const state = lockState();
  state.set('holding');
  return { state: state.get, subscribe: state.subscribe, takeOver() {}, release() {} };
}
