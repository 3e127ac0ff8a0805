import type { KeyValueStore } from './key-value-store';
import { STORAGE_KEYS } from './keys';
import { writeMakingRoom } from './make-room';
import { clearQueueSnapshot } from './queue-snapshot';
import { listReplySnapshots, removeReplySnapshot, saveShownReply } from './reply-snapshots';
import { defaultSettings, type LocalSettings, parseSettings } from './settings-record';

/** The stored settings; nothing stored or unreadable JSON gives the defaults, never a throw. */
export function loadSettings(store: KeyValueStore): LocalSettings {
  const raw = store.getItem(STORAGE_KEYS.settings);
  if (raw === null) return defaultSettings();
  try {
    return parseSettings(JSON.parse(raw));
  } catch {
    return defaultSettings();
  }
}

/**
 * Writes the settings as they will read back (validated first, so what is kept is what the app uses).
 * Returns false when the store refused them even after call history made room.
 */
export function saveSettings(store: KeyValueStore, settings: LocalSettings): boolean {
  return writeMakingRoom(store, STORAGE_KEYS.settings, JSON.stringify(parseSettings(settings)));
}

export type SettingsUpdate = Partial<LocalSettings> | ((current: LocalSettings) => LocalSettings);

/** Reads, changes and writes the settings; returns what is now in effect (also when the write failed). */
export function updateSettings(
  store: KeyValueStore,
  update: SettingsUpdate,
): { settings: LocalSettings; saved: boolean } {
  const current = loadSettings(store);
  const next = parseSettings(typeof update === 'function' ? update(current) : { ...current, ...update });
  return { settings: next, saved: saveSettings(store, next) };
}

/**
 * Forgets the calls, status writes and replies a paired device had in flight (it signs out, or
 * pairs again): none of them is ever sent as the next device's. History stays.
 */
export function forgetCallWork(store: KeyValueStore): void {
  clearQueueSnapshot(store);
  for (const { eventId } of listReplySnapshots(store)) removeReplySnapshot(store, eventId);
  saveShownReply(store, null);
}

/**
 * Forgets the device's pairing (a 401 from the relay): token and ids go with the device's calls in
 * flight, the user's choices and history stay.
 */
export function forgetPairing(store: KeyValueStore): LocalSettings {
  forgetCallWork(store);
  return updateSettings(store, { deviceToken: null, accountId: null, deviceId: null, daemonDeviceId: null })
    .settings;
}
