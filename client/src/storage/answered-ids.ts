import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';

/** The spec's limit on `ringback.answered`. */
export const MAX_ANSWERED_IDS = 200;

/** Ids of calls answered on this device, oldest first; unreadable → empty. */
export function loadAnswered(store: KeyValueStore): string[] {
  try {
    const value: unknown = JSON.parse(store.getItem(STORAGE_KEYS.answered) ?? '[]');
    if (!Array.isArray(value)) return [];
    return value.filter((id): id is string => typeof id === 'string').slice(-MAX_ANSWERED_IDS);
  } catch {
    return [];
  }
}

export function isAnswered(store: KeyValueStore, eventId: string): boolean {
  return loadAnswered(store).includes(eventId);
}

/**
 * Adds an id (moved to the newest end if already there) and keeps the newest 200. Returns the list as
 * stored, or as it would have been when the store refused the write.
 */
export function markAnswered(store: KeyValueStore, eventId: string): string[] {
  const ids = [...loadAnswered(store).filter((id) => id !== eventId), eventId].slice(-MAX_ANSWERED_IDS);
  writeMakingRoom(store, STORAGE_KEYS.answered, JSON.stringify(ids));
  return ids;
}

/**
 * Removes an id: the relay returned that call unfinished, so this device may answer it again (a
 * fresh start reads this list as the ids that never ring again).
 */
export function forgetAnswered(store: KeyValueStore, eventId: string): void {
  const ids = loadAnswered(store);
  if (ids.includes(eventId))
    writeMakingRoom(store, STORAGE_KEYS.answered, JSON.stringify(ids.filter((id) => id !== eventId)));
}
