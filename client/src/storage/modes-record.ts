import { type Mode, parseStoredModes } from '@ringback/machines';
import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';

/** `ringback.modes`: the ring schedule's modes; the first-install modes (both off) until saved. */
export function loadModes(store: KeyValueStore): Mode[] {
  return parseStoredModes(store.getItem(STORAGE_KEYS.modes) ?? undefined);
}

/** Returns false when the store is full (the modes in memory still apply until reload). */
export function saveModes(store: KeyValueStore, modes: Mode[]): boolean {
  try {
    store.setItem(STORAGE_KEYS.modes, JSON.stringify(modes));
    return true;
  } catch {
    return false;
  }
}
