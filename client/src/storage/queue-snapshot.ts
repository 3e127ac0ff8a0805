import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';

/** Bump when the queue machine's persisted snapshot changes shape: an older one is then dropped. */
export const QUEUE_SNAPSHOT_VERSION = 1;

/**
 * Stores the call queue's persisted snapshot (opaque JSON) of the device `deviceId`: its calls and
 * the statuses it still has to write are that device's only. Returns false when it could not be written.
 */
export function saveQueueSnapshot(
  store: KeyValueStore,
  snapshot: unknown,
  deviceId?: string | null,
): boolean {
  let text: string;
  try {
    text = JSON.stringify({ version: QUEUE_SNAPSHOT_VERSION, ...(deviceId ? { deviceId } : {}), snapshot });
  } catch {
    return false;
  }
  return writeMakingRoom(store, STORAGE_KEYS.queue, text);
}

/**
 * The stored snapshot, or null when there is none, it is unreadable, of another version, or (when
 * `deviceId` is given) another device's: a browser paired again never writes the old device's statuses.
 */
export function loadQueueSnapshot(store: KeyValueStore, deviceId?: string | null): unknown {
  try {
    const value: unknown = JSON.parse(store.getItem(STORAGE_KEYS.queue) ?? 'null');
    if (typeof value !== 'object' || value === null) return null;
    const stored = value as { version?: unknown; deviceId?: unknown; snapshot?: unknown };
    // One stored before snapshots named their device is taken as this device's (it was then).
    if (deviceId !== undefined && stored.deviceId !== undefined && stored.deviceId !== deviceId) return null;
    return stored.version === QUEUE_SNAPSHOT_VERSION && stored.snapshot !== undefined
      ? stored.snapshot
      : null;
  } catch {
    return null;
  }
}

export function clearQueueSnapshot(store: KeyValueStore): void {
  store.removeItem(STORAGE_KEYS.queue);
}
