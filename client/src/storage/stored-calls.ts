import { type CallRecord, compareOldestFirst, parseCallRecord } from './call-record';
import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';

export interface StoredCall {
  key: string;
  record: CallRecord | null;
}

function readJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function readCallAt(store: KeyValueStore, key: string): CallRecord | null {
  return parseCallRecord(readJson(store.getItem(key)));
}

/**
 * Every `ringback.call.*` entry, oldest first; unreadable ones come first of all, so eviction clears
 * damaged entries before it touches a readable call.
 */
export function storedCallsOldestFirst(store: KeyValueStore): StoredCall[] {
  const calls = store
    .keys()
    .filter((key) => key.startsWith(STORAGE_KEYS.callPrefix))
    .map((key) => ({ key, record: readCallAt(store, key) }));
  return calls.sort((a, b) => {
    if (a.record === null || b.record === null)
      return (a.record === null ? 0 : 1) - (b.record === null ? 0 : 1);
    return compareOldestFirst(a.record, b.record);
  });
}
