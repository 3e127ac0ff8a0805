import { useEffect, useState, useSyncExternalStore } from 'react';
import { randomId } from './session/random-id';
import { claimTabLock, type TabLock, type TabLockState } from './tab-lock';

const noSubscription = () => () => {};

/** This tab's hold on the session lock `name` (one per device id), and a way to take it over. */
export function useTabLock(name: string): { state: TabLockState; takeOver(): void } {
  const [lock, setLock] = useState<TabLock | null>(null);
  useEffect(() => {
    const claimed = claimTabLock(name, {
      locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
      channel:
        typeof BroadcastChannel === 'function' ? (channel) => new BroadcastChannel(channel) : undefined,
      tabId: randomId(),
    });
    setLock(claimed);
    return () => claimed.release();
  }, [name]);
  const state = useSyncExternalStore(lock?.subscribe ?? noSubscription, () => lock?.state() ?? 'waiting');
  return { state, takeOver: () => lock?.takeOver() };
}
