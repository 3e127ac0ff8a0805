import { isQuotaExceeded, type KeyValueStore } from './key-value-store';
import { storedCallsOldestFirst } from './stored-calls';

/**
 * Writes one entry; when the store is full, removes call history oldest first (never `key` itself) and
 * tries again until it fits. History is the only thing worth giving up: settings, the answered list and
 * the queue are what keeps calls from ringing twice. Returns false when it cannot fit even then.
 */
export function writeMakingRoom(store: KeyValueStore, key: string, value: string): boolean {
  let victims: string[] | null = null;
  for (;;) {
    try {
      store.setItem(key, value);
      return true;
    } catch (error) {
      if (!isQuotaExceeded(error)) return false;
    }
    victims ??= storedCallsOldestFirst(store)
      .map((call) => call.key)
      .filter((candidate) => candidate !== key);
    const victim = victims.shift();
    if (victim === undefined) return false;
    store.removeItem(victim);
  }
}
