import { describe, expect, it } from 'vitest';
import { formatTimeOfDay, parseTimeOfDay } from './time-of-day';

describe('parseTimeOfDay', () => {
  it('reads HH:MM and a stored single-digit hour', () => {
    expect(['00:00', '07:05', '7:05', ' 23:59 '].map((text) => parseTimeOfDay(text))).toEqual([
      0, 425, 425, 1439,
    ]);
  });

  it('accepts 24:00 only as an end', () => {
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('24:00', true)).toBe(1440);
    expect(parseTimeOfDay('24:01', true)).toBeNull();
  });

  it('refuses anything else', () => {
    for (const text of ['', '7', '1:2', '12:3a', '-1:00', '123:00', '12:60', '25:00', '12-00', 720, null])
      expect(parseTimeOfDay(text)).toBeNull();
  });

  it('formats back to HH:MM', () => {
    expect([0, 425, 1439, 1440].map(formatTimeOfDay)).toEqual(['00:00', '07:05', '23:59', '24:00']);
  });
});
