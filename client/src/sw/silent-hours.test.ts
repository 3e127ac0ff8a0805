import type { Mode } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { isSilentNow } from './silent-hours';

/** Silent all day, every day, whatever the zone: a range whose start equals its end covers the day. */
const ALWAYS_SILENT: Mode = {
  id: 'sleep',
  name: 'Sleep',
  ranges: [{ start: '00:00', end: '00:00' }],
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  rule: 'silentWithin',
  on: true,
};
const NOW = Date.parse('2026-03-01T09:00:00.000Z');

describe('isSilentNow', () => {
  it('is true while a mode that is on keeps the device silent', () => {
    expect(isSilentNow({ ringModes: [ALWAYS_SILENT] }, NOW)).toBe(true);
  });

  it('is false with no modes, modes that are off, or a ring-within mode that covers now', () => {
    expect(isSilentNow({ ringModes: [] }, NOW)).toBe(false);
    expect(isSilentNow({ ringModes: [{ ...ALWAYS_SILENT, on: false }] }, NOW)).toBe(false);
    expect(isSilentNow({ ringModes: [{ ...ALWAYS_SILENT, rule: 'ringWithin' }] }, NOW)).toBe(false);
  });

  it('rings for a record an older page wrote (no modes) or modes it cannot read', () => {
    expect(isSilentNow({} as { ringModes: Mode[] }, NOW)).toBe(false);
    expect(isSilentNow({ ringModes: [{ on: true, weekdays: 'x' }] as unknown as Mode[] }, NOW)).toBe(false);
  });
});
