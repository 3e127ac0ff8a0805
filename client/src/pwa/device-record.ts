import type { Mode } from '@ringback/machines';
import { resolveInterfaceLanguage } from '../i18n';
import type { DeviceRecord, DeviceRecordStore, LocalSettings } from '../storage';

/**
 * What the service worker should know of this device for these settings and ring schedule, or
 * null when it is not paired (no relay or no token): then there is nothing it could fetch, and the
 * record goes.
 */
export function deviceRecordOf(
  settings: LocalSettings,
  systemLanguages: readonly string[],
  ringModes: readonly Mode[],
): DeviceRecord | null {
  const relayUrl = settings.serverAddress.trim().replace(/\/+$/, '');
  if (!relayUrl || !settings.deviceToken) return null;
  return {
    relayUrl,
    deviceToken: settings.deviceToken,
    deviceId: settings.deviceId,
    formOfAddress: settings.formOfAddress,
    interfaceLanguage: resolveInterfaceLanguage(settings.interfaceLanguage, systemLanguages),
    ringModes: [...ringModes],
  };
}

/** Keeps the device record equal to the latest settings it was given. */
export interface DeviceRecordWriter {
  /** Writes `record` (or deletes the record for null) unless that is already what was written last. */
  sync(record: DeviceRecord | null): Promise<void>;
}

/**
 * Writes in the order asked (a delete after an unpair never lands before the write it follows)
 * and skips a write that would change nothing, since settings change for many other reasons. A
 * failed write is logged and forgotten, so the next change tries again: the page works without
 * the record, only a closed app would not ring.
 */
export function createDeviceRecordWriter(store: DeviceRecordStore): DeviceRecordWriter {
  let queue: Promise<void> = Promise.resolve();
  let written: string | undefined;
  return {
    sync(record) {
      const wanted = JSON.stringify(record);
      queue = queue.then(async () => {
        if (wanted === written) return;
        try {
          if (record) await store.write(record);
          else await store.remove();
          written = wanted;
        } catch (error) {
          written = undefined;
          console.warn('ringback: the device record for the service worker could not be written', error);
        }
      });
      return queue;
    },
  };
}
