import type { KeyValueStore } from './key-value-store';
import { replyKey, STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';

/** Replies still waiting for the user or the relay; more than this and the oldest drafts go first. */
export const MAX_REPLY_SNAPSHOTS = 100;

/** Bump when the reply machine's persisted snapshot changes shape: an older one is then dropped. */
export const REPLY_SNAPSHOT_VERSION = 1;

interface StoredReply {
  version: number;
  savedAt: number;
  snapshot: unknown;
}

/** Stores one call's reply machine (opaque JSON) under `ringback.reply.<eventId>`. */
export function saveReplySnapshot(store: KeyValueStore, eventId: string, snapshot: unknown, savedAt: number) {
  const stored: StoredReply = { version: REPLY_SNAPSHOT_VERSION, savedAt, snapshot };
  const saved = writeMakingRoom(store, replyKey(eventId), JSON.stringify(stored));
  const all = listReplySnapshots(store);
  for (const old of all.slice(0, Math.max(0, all.length - MAX_REPLY_SNAPSHOTS)))
    store.removeItem(replyKey(old.eventId));
  return saved;
}

export function removeReplySnapshot(store: KeyValueStore, eventId: string): void {
  store.removeItem(replyKey(eventId));
}

/** Every stored reply this version can restore, oldest first. */
export function listReplySnapshots(store: KeyValueStore): { eventId: string; snapshot: unknown }[] {
  const found: { eventId: string; snapshot: unknown; savedAt: number }[] = [];
  for (const key of store.keys()) {
    if (!key.startsWith(STORAGE_KEYS.replyPrefix)) continue;
    const stored = readStored(store.getItem(key));
    if (stored) found.push({ eventId: key.slice(STORAGE_KEYS.replyPrefix.length), ...stored });
    else store.removeItem(key);
  }
  return found.sort((a, b) => a.savedAt - b.savedAt).map(({ eventId, snapshot }) => ({ eventId, snapshot }));
}

function readStored(text: string | null): { snapshot: unknown; savedAt: number } | null {
  try {
    const value = JSON.parse(text ?? 'null') as Partial<StoredReply> | null;
    if (!value || value.version !== REPLY_SNAPSHOT_VERSION || typeof value.savedAt !== 'number') return null;
    return value.snapshot === undefined ? null : { snapshot: value.snapshot, savedAt: value.savedAt };
  } catch {
    return null;
  }
}

/** The reply panel on screen (`ringback.replyShown`), so a reload comes back to that one. */
export function saveShownReply(store: KeyValueStore, eventId: string | null): void {
  if (eventId === null) store.removeItem(STORAGE_KEYS.replyShown);
  // A full store only costs the panel coming back after a reload: the reply itself is kept.
  else writeMakingRoom(store, STORAGE_KEYS.replyShown, eventId);
}

export function loadShownReply(store: KeyValueStore): string | null {
  return store.getItem(STORAGE_KEYS.replyShown);
}
