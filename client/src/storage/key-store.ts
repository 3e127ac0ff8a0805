import {
  type CryptoKeyLike,
  importE2eCryptoKey,
  type SealingKey,
  sealingKeyFromCryptoKey,
  sealingKeyFromText,
} from '@ringback/protocol';
import type { KeyValueStore } from './key-value-store';
import { loadSettings, updateSettings } from './local-settings';

/** The end-to-end key as the vault keeps it: a non-extractable CryptoKey and the keyId naming it. */
export interface KeyVaultRecord {
  keyId: string;
  cryptoKey: CryptoKeyLike;
}

/** Where a page that has `crypto.subtle` keeps the key out of reach of script (IndexedDB). */
export interface KeyVault {
  read(): Promise<KeyVaultRecord | undefined>;
  write(record: KeyVaultRecord): Promise<void>;
}

/** This device's end-to-end key, held as safely as the page allows. */
export interface E2eKeyStore {
  /** The key in effect, or null; at start it first moves an older version's text into the vault. */
  load(): Promise<SealingKey | null>;
  /** Makes `text` (a `k1_` key from pairing or a passphrase) this device's key. */
  replace(text: string): Promise<SealingKey>;
}

/**
 * Holds the key in the vault as a non-extractable CryptoKey where there is one, so script on the
 * page (an injected one included) can use it but never read it out; the settings keep only its
 * keyId. Without a vault (a plain-http LAN page has no `crypto.subtle`) or when the vault refuses
 * a write, the `k1_` text stays in the settings as before: the device works, less protected.
 * Text in the settings is always the newest key: it is removed only once the vault holds it.
 */
export function createE2eKeyStore(deps: { store: KeyValueStore; vault: KeyVault | null }): E2eKeyStore {
  const { store, vault } = deps;
  // One operation at a time: a migration at start and a reader beside it must not import twice.
  let queue: Promise<unknown> = Promise.resolve();
  let loading: Promise<SealingKey | null> | null = null;
  const inTurn = <T>(operation: () => Promise<T>): Promise<T> => {
    const next = queue.then(operation, operation);
    queue = next.catch(() => {});
    return next;
  };

  async function keepAsText(text: string): Promise<SealingKey> {
    const key = await sealingKeyFromText(text);
    const settings = loadSettings(store);
    if (settings.e2eKey !== text || settings.e2eKeyId !== key.keyId)
      updateSettings(store, { e2eKey: text, e2eKeyId: key.keyId });
    return key;
  }

  /** Into the vault, then out of the settings: a failed write loses nothing. */
  async function holdInVault(target: KeyVault, text: string): Promise<SealingKey> {
    const { cryptoKey, keyId } = await importE2eCryptoKey(text);
    await target.write({ keyId, cryptoKey });
    updateSettings(store, { e2eKeyId: keyId, e2eKey: null });
    return sealingKeyFromCryptoKey(cryptoKey, keyId);
  }

  async function hold(text: string): Promise<SealingKey> {
    if (vault) {
      try {
        return await holdInVault(vault, text);
      } catch (error) {
        console.warn('ringback: the key could not be held in IndexedDB; it stays in localStorage', error);
      }
    }
    return keepAsText(text);
  }

  async function read(): Promise<SealingKey | null> {
    const settings = loadSettings(store);
    if (settings.e2eKey) return hold(settings.e2eKey);
    if (!settings.e2eKeyId) return null;
    let record: KeyVaultRecord | undefined;
    try {
      record = await vault?.read();
    } catch (error) {
      // Unreadable now is not gone: the settings keep naming it, and the next start tries again.
      console.warn('ringback: IndexedDB could not be read for the key', error);
      return null;
    }
    if (!record) {
      // The settings name a key nobody holds any more: say so, and the app asks to pair again.
      updateSettings(store, { e2eKeyId: null });
      return null;
    }
    if (record.keyId !== settings.e2eKeyId) updateSettings(store, { e2eKeyId: record.keyId });
    return sealingKeyFromCryptoKey(record.cryptoKey, record.keyId);
  }

  return {
    load() {
      loading ??= inTurn(read).finally(() => {
        loading = null;
      });
      return loading;
    },
    replace: (text) => inTurn(() => hold(text)),
  };
}
