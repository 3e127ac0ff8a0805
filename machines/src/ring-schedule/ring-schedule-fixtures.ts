import type { Mode, TimeRange, Weekday } from './mode-types';
import { EVERY_DAY } from './mode-types';

/** A mode that is on, every day, with the given overrides; tests name only what matters. */
export function mode(over: Partial<Mode> & { ranges?: TimeRange[] } = {}): Mode {
  return {
    id: over.name?.toLowerCase() ?? 'mode',
    name: 'Mode',
    ranges: [{ start: '22:00', end: '08:00' }],
    weekdays: [...EVERY_DAY] as Weekday[],
    rule: 'silentWithin',
    on: true,
    ...over,
  };
}

/**
 * An instant in January 2026 by its UTC wall time: the 4th is a Sunday, the 5th a Monday … the
 * 10th a Saturday. Tests pass `timeZone: 'UTC'`, so they do not depend on the machine's zone.
 */
export function jan(day: number, time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return Date.UTC(2026, 0, day, hours, minutes);
}

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;
