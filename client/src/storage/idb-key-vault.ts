import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { KeyVault, KeyVaultRecord } from './key-store';

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

interface KeysDb extends DBSchema {
  keys: { key: string; value: KeyVaultRecord & { id: string } };
}

/**
 * IndexedDB `ringback-keys`, where a CryptoKey is stored as itself (structured clone keeps it
 * non-extractable), or null where the page cannot use one: no `crypto.subtle` (a plain-http LAN
 * page is not a secure context) or no IndexedDB.
 */
export function browserKeyVault(name = KEYS_DB_NAME): KeyVault | null {
  if (!globalThis.crypto?.subtle || typeof indexedDB === 'undefined') return null;
  let db: Promise<IDBPDatabase<KeysDb>> | null = null;
  const open = () => {
    db ??= openDB<KeysDb>(name, KEYS_DB_VERSION, {
      upgrade(database) {
        database.createObjectStore(KEYS_STORE, { keyPath: 'id' });
      },
    });
    // A failed open is tried again next time (private modes, a full disk freed).
    db.catch(() => {
      db = null;
    });
    return db;
  };
  return {
    async read() {
      const row = await (await open()).get(KEYS_STORE, E2E_RECORD_ID);
      return row ? { keyId: row.keyId, cryptoKey: row.cryptoKey } : undefined;
    },
    async write({ keyId, cryptoKey }) {
      // Strict: the key's text leaves localStorage once this resolves, so it must be on disk.
      const tx = (await open()).transaction(KEYS_STORE, 'readwrite', { durability: 'strict' });
      await Promise.all([tx.store.put({ id: E2E_RECORD_ID, keyId, cryptoKey }), tx.done]);
    },
  };
}
