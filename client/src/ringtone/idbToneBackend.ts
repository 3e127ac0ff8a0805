import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { CustomTone, CustomToneAudio, CustomToneBackend } from './customToneStore';

/** The browser database of custom ringtones (architecture: `ringback-ringtones`). */
export const RINGTONES_DB_NAME = 'ringback-ringtones';

interface RingtonesDb extends DBSchema {
  /** Small rows the lists read without touching any audio. */
  tones: { key: string; value: CustomTone };
  /** Up to 10 MB each, read only to play one. */
  audio: { key: string; value: CustomToneAudio & { id: string } };
}

/** IndexedDB `ringback-ringtones` v1: store `tones` (what lists show) and store `audio` (the bytes). */
export function idbToneBackend(name = RINGTONES_DB_NAME): CustomToneBackend {
  let db: Promise<IDBPDatabase<RingtonesDb>> | null = null;
  const open = () => {
    db ??= (async () => {
      if (typeof indexedDB === 'undefined') throw new Error('This browser cannot store tones.');
      return openDB<RingtonesDb>(name, 1, {
        upgrade(database) {
          database.createObjectStore('tones', { keyPath: 'id' });
          database.createObjectStore('audio', { keyPath: 'id' });
        },
      });
    })();
    // A failed open is retried next time (the user may free space or leave private mode).
    db.catch(() => {
      db = null;
    });
    return db;
  };
  return {
    async list() {
      return (await open()).getAll('tones');
    },
    async audio(id) {
      const row = await (await open()).get('audio', id);
      return row ? { data: row.data, type: row.type } : undefined;
    },
    async add(entries) {
      const tx = (await open()).transaction(['tones', 'audio'], 'readwrite');
      await Promise.all([
        ...entries.flatMap(({ tone, data }) => [
          tx.objectStore('tones').put(tone),
          tx.objectStore('audio').put({ id: tone.id, data, type: tone.type }),
        ]),
        tx.done,
      ]);
    },
    async update(tone) {
      const tx = (await open()).transaction('tones', 'readwrite');
      if (await tx.store.get(tone.id)) await tx.store.put(tone);
      await tx.done;
    },
    async remove(ids) {
      const tx = (await open()).transaction(['tones', 'audio'], 'readwrite');
      await Promise.all([
        ...ids.flatMap((id) => [tx.objectStore('tones').delete(id), tx.objectStore('audio').delete(id)]),
        tx.done,
      ]);
    },
  };
}
