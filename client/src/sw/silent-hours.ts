import { mayRingAt } from '@ringback/machines';
import type { DeviceRecord } from '../storage/idb-key-vault';

/**
 * Whether the ring schedule the page left in the device record makes `now` a no-ring period, by
 * this device's clock and time zone (the schedule is the user's local wall time, so the phone's
 * clock is the right one here). The same function as the page's, so the worker and an open app
 * always agree. A record without modes (an older page), or modes that cannot be read, ring: a call
 * that rings in silent hours is a nuisance, a call that never rings is lost.
 */
export function isSilentNow(record: Pick<DeviceRecord, 'ringModes'>, now: number): boolean {
  const modes: unknown = record.ringModes;
  if (!Array.isArray(modes) || modes.length === 0) return false;
  try {
    return !mayRingAt(modes, now);
  } catch {
    return false;
  }
}
