import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** One stored sentence; audio kept as an ArrayBuffer because WebKit's Blob storage is unreliable. */
export interface CachedAudio {
  readonly key: string;
  readonly audio: ArrayBuffer;
  readonly type: string;
  readonly savedAt: number;
}

/** The persistent level of the cache (IndexedDB in the app, a fake in tests). */
export interface AudioStore {
  get(key: string): Promise<CachedAudio | undefined>;
  put(row: CachedAudio): Promise<void>;
}

export interface SpeechCache {
  get(key: string): Promise<Blob | undefined>;
  /** The memory level is written before this returns; the promise settles after the store write. */
  put(key: string, audio: Blob): Promise<void>;
  /** Whether the memory level holds the key (no store lookup). */
  hasInMemory(key: string): boolean;
}

interface TtsDb extends DBSchema {
  audio: { key: string; value: CachedAudio; indexes: { savedAt: number } };
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface IdbAudioStoreOptions {
  readonly name?: string;
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

/** IndexedDB `ringback-tts` v1, store `audio`; entries older than 30 days pruned on open. */
export function idbAudioStore(options: IdbAudioStoreOptions = {}): AudioStore {
  const name = options.name ?? 'ringback-tts';
  const maxAgeMs = options.maxAgeMs ?? 30 * DAY_MS;
  const now = options.now ?? Date.now;
  let db: Promise<IDBPDatabase<TtsDb>> | null = null;
  const open = () => {
    db ??= (async () => {
      if (typeof indexedDB === 'undefined') throw new Error('IndexedDB is not available');
      const opened = await openDB<TtsDb>(name, 1, {
        upgrade(database) {
          const store = database.createObjectStore('audio', { keyPath: 'key' });
          store.createIndex('savedAt', 'savedAt');
        },
      });
      try {
        const tx = opened.transaction('audio', 'readwrite');
        let cursor = await tx.store.index('savedAt').openCursor(IDBKeyRange.upperBound(now() - maxAgeMs));
        while (cursor) {
          await cursor.delete();
          cursor = await cursor.continue();
        }
        await tx.done;
      } catch {
        // Pruning is housekeeping; a failure must not cost the cache.
      }
      return opened;
    })();
    return db;
  };
  return {
    async get(key) {
      return (await open()).get('audio', key);
    },
    async put(row) {
      await (await open()).put('audio', row);
    },
  };
}

export interface SpeechCacheOptions {
  /** null = memory only. Default: IndexedDB. */
  readonly store?: AudioStore | null;
  readonly memoryLimit?: number;
  readonly now?: () => number;
}

/** Two levels: an in-memory LRU of 200 blobs over IndexedDB; any store error drops to memory only. */
export function createSpeechCache(options: SpeechCacheOptions = {}): SpeechCache {
  let store = options.store === undefined ? idbAudioStore() : options.store;
  const limit = options.memoryLimit ?? 200;
  const now = options.now ?? Date.now;
  const memory = new Map<string, Blob>();

  const remember = (key: string, audio: Blob) => {
    memory.delete(key); // re-insert so Map order is least-recently-used first
    memory.set(key, audio);
    while (memory.size > limit) {
      const oldest = memory.keys().next().value;
      if (oldest === undefined) break;
      memory.delete(oldest);
    }
  };

  const degrade = () => {
    store = null;
  };

  return {
    hasInMemory: (key) => memory.has(key),
    async get(key) {
      const hit = memory.get(key);
      if (hit) {
        remember(key, hit);
        return hit;
      }
      if (!store) return undefined;
      try {
        const row = await store.get(key);
        if (!row) return undefined;
        const audio = new Blob([row.audio], { type: row.type });
        remember(key, audio);
        return audio;
      } catch {
        degrade();
        return undefined;
      }
    },
    put(key, audio) {
      remember(key, audio);
      const target = store;
      if (!target) return Promise.resolve();
      return (async () => {
        try {
          await target.put({ key, audio: await audio.arrayBuffer(), type: audio.type, savedAt: now() });
        } catch {
          degrade();
        }
      })();
    },
  };
}
