import type { Mode } from '@ringback/machines';
import type { CryptoKeyLike } from '@ringback/protocol';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * The browser database of keys. Its layout is a contract: a service worker (woken by a Web Push,
 * no window open) reads the same records to open a call, so change it only with a new version.
 */
export const KEYS_DB_NAME = 'ringback-keys';
const KEYS_DB_VERSION = 1;
/** Object store `keys`, records by `id`. */
const KEYS_STORE = 'keys';
/** The end-to-end key: `{ id: 'e2e', keyId, cryptoKey }`, the CryptoKey AES-GCM, non-extractable, encrypt/decrypt. */
const E2E_RECORD_ID = 'e2e';
/** What the service worker needs to fetch a call and write its text: `{ id: 'device', ...DeviceRecord }`. */
const DEVICE_RECORD_ID = 'device';

/**
 * This device as the service worker sees it (there is no localStorage in a worker): written by
 * the page whenever the pairing or these settings change, deleted when the device is unpaired.
 */
export interface DeviceRecord {
  /** The relay's address, without a trailing slash. */
  relayUrl: string;
  /** `dev_…`: the bearer token for `GET /v1/events/:id` and a decline. */
  deviceToken: string;
  deviceId: string | null;
  /** Replaces `{form-of-address}` in the brief, as the page does. */
  formOfAddress: string;
  /** The interface language in effect on the page (already resolved from 'system'). */
  interfaceLanguage: 'zh' | 'en';
  /**
   * The ring schedule's modes as the page saved them, so silent hours hold with the app closed: the
   * worker evaluates them at the push's instant with the page's own function (`mayRingAt`), right
   * however long the app stays closed. A record written by an older page has none: it rings.
   */
  ringModes: Mode[];
}

/** The device record in IndexedDB; null where the page has no IndexedDB. */
export interface DeviceRecordStore {
  read(): Promise<DeviceRecord | undefined>;
  write(record: DeviceRecord): Promise<void>;
  remove(): Promise<void>;
}

/**
 * The key as the vault holds it; the same shape as key-store.ts's KeyVault, spelled out here so
 * the service worker reads it without taking in the page's storage code.
 */
interface HeldKey {
  keyId: string;
  cryptoKey: CryptoKeyLike;
}
interface IdbKeyVault {
  read(): Promise<HeldKey | undefined>;
  write(record: HeldKey): Promise<void>;
}

type E2eRow = HeldKey & { id: typeof E2E_RECORD_ID };
type DeviceRow = DeviceRecord & { id: typeof DEVICE_RECORD_ID };

interface KeysDb extends DBSchema {
  keys: { key: string; value: E2eRow | DeviceRow };
}

/** One lazily opened connection per store object; a failed open is tried again next time (private modes, a full disk freed). */
function keysDatabase(name: string): () => Promise<IDBPDatabase<KeysDb>> {
  let db: Promise<IDBPDatabase<KeysDb>> | null = null;
  return () => {
    db ??= openDB<KeysDb>(name, KEYS_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore(KEYS_STORE, { keyPath: 'id' });
      },
    });
    db.catch(() => {
      db = null;
    });
    return db;
  };
}

/**
 * IndexedDB `ringback-keys`, where a CryptoKey is stored as itself (structured clone keeps it
 * non-extractable), or null where the page cannot use one: no `crypto.subtle` (a plain-http LAN
 * page is not a secure context) or no IndexedDB.
 */
export function browserKeyVault(name = KEYS_DB_NAME): IdbKeyVault | null {
  if (!globalThis.crypto?.subtle || typeof indexedDB === 'undefined') return null;
  const open = keysDatabase(name);
  return {
    async read() {
      const row = await (await open()).get(KEYS_STORE, E2E_RECORD_ID);
      return row?.id === E2E_RECORD_ID ? { keyId: row.keyId, cryptoKey: row.cryptoKey } : undefined;
    },
    async write({ keyId, cryptoKey }) {
      // Strict: the key's text leaves localStorage once this resolves, so it must be on disk.
      const tx = (await open()).transaction(KEYS_STORE, 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put({ id: E2E_RECORD_ID, keyId, cryptoKey }), tx.done]);
    },
  };
}

/**
 * The device record beside the key, in the same store (no version change: a new record). Works in a
 * page and in the service worker; null without IndexedDB.
 */
export function browserDeviceRecordStore(name = KEYS_DB_NAME): DeviceRecordStore | null {
  if (typeof indexedDB === 'undefined') return null;
  const open = keysDatabase(name);
  return {
    async read() {
      const row = await (await open()).get(KEYS_STORE, DEVICE_RECORD_ID);
      if (row?.id !== DEVICE_RECORD_ID) return undefined;
      const { id: _id, ...record } = row;
      return record;
    },
    async write(record) {
      await (await open()).put(KEYS_STORE, { ...record, id: DEVICE_RECORD_ID });
    },
    async remove() {
      await (await open()).delete(KEYS_STORE, DEVICE_RECORD_ID);
    },
  };
}
