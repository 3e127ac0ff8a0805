import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';

/** Bump when the queue machine's persisted snapshot changes shape: an older one is then dropped. */
export const QUEUE_SNAPSHOT_VERSION = 1;

/** Stores the call queue's persisted snapshot (opaque JSON). Returns false when it could not be written. */
export function saveQueueSnapshot(store: KeyValueStore, snapshot: unknown): boolean {
  let text: string;
  try {
    text = JSON.stringify({ version: QUEUE_SNAPSHOT_VERSION, snapshot });
  } catch {
    return false;
  }
  return writeMakingRoom(store, STORAGE_KEYS.queue, text);
}

/** The stored snapshot, or null when there is none, it is unreadable, or of another version. */
export function loadQueueSnapshot(store: KeyValueStore): unknown {
  try {
    const value: unknown = JSON.parse(store.getItem(STORAGE_KEYS.queue) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const { version, snapshot } = value as { version?: unknown; snapshot?: unknown };
    return version === QUEUE_SNAPSHOT_VERSION && snapshot !== undefined ? snapshot : null;
  } catch {
    return null;
  }
}

export function clearQueueSnapshot(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.queue);
}
