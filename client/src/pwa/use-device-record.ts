import { useEffect, useSyncExternalStore } from 'react';
import { modes } from '../app/ring-schedule';
import { browserDeviceRecordStore, type DeviceRecord, type LocalSettings } from '../storage';
import { createDeviceRecordWriter, type DeviceRecordWriter, deviceRecordOf } from './device-record';

const store = browserDeviceRecordStore();
/** One writer for the page, so writes from every render land in order. */
const writer: DeviceRecordWriter | null = store && createDeviceRecordWriter(store);

/**
 * Keeps IndexedDB's device record (read by the service worker when a push wakes it) in step with
 * the app's settings and ring schedule: written when pairing or the relay, token, form of address,
 * interface language or the schedule's modes change, deleted when the device is unpaired.
 */
export function useDeviceRecord(settings: LocalSettings): void {
  const ringModes = useSyncExternalStore(modes.subscribe, modes.get);
  // Compared by value: the settings object is new on every change, most of which do not concern it.
  const wanted = JSON.stringify(
    deviceRecordOf(settings, typeof navigator === 'undefined' ? [] : navigator.languages, ringModes),
  );
  useEffect(() => {
    void writer?.sync(JSON.parse(wanted) as DeviceRecord | null);
  }, [wanted]);
}
