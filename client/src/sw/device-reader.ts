import { type SealingKey, sealingKeyFromCryptoKey } from '@ringback/protocol';
import { browserDeviceRecordStore, browserKeyVault, type DeviceRecord } from '../storage/idb-key-vault';

/** What the worker knows of this device: how to reach the relay, and the key to open calls (null: none held). */
export interface SwDevice {
  record: DeviceRecord;
  key: SealingKey | null;
}

/**
 * Reads the device record and the end-to-end key the page left in IndexedDB `ringback-keys`. Null
 * when the device is not paired here (no record) or the database cannot be read; a page that keeps
 * its key as text (no `crypto.subtle`) has no service worker at all, so a missing key is only a
 * key not yet moved.
 */
export async function readDevice(): Promise<SwDevice | null> {
  const records = browserDeviceRecordStore();
  if (!records) return null;
  try {
    const record = await records.read();
    if (!record) return null;
    const held = await browserKeyVault()?.read();
    return { record, key: held ? sealingKeyFromCryptoKey(held.cryptoKey, held.keyId) : null };
  } catch {
    return null;
  }
}
