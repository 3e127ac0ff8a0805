import { describe, expect, it } from 'vitest';
import { BUILT_IN_TONES } from './builtInTones';
import { CLASSIC_RING_PATTERN } from './classicRingtone';
import { RING_VIBRATION, vibrationPattern } from './vibration';

describe('vibrationPattern', () => {
  it('buzzes while the classic ring sounds and rests while it is silent, ending on a buzz', () => {
    expect(RING_VIBRATION).toEqual([2000, 4000, 2000]);
    expect(RING_VIBRATION).toEqual(vibrationPattern(CLASSIC_RING_PATTERN));
  });

  it('follows a tone of several bursts, within the time allowed', () => {
    const digital = BUILT_IN_TONES.find((tone) => tone.id === 'digital')?.pattern;
    if (!digital) throw new Error('no digital tone');
    const vibration = vibrationPattern(digital, 3000);
    expect(vibration.slice(0, 8)).toEqual([90, 60, 90, 60, 90, 60, 90, 1800]);
    expect(vibration.length % 2).toBe(1);
    expect(vibration.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(3000);
  });

  it('keeps every tone within what browsers play', () => {
    for (const tone of BUILT_IN_TONES) {
      const vibration = vibrationPattern(tone.pattern);
      expect(vibration.length, tone.id).toBeGreaterThan(0);
      expect(vibration.length, tone.id).toBeLessThanOrEqual(99);
      expect(
        vibration.reduce((sum, ms) => sum + ms, 0),
        tone.id,
      ).toBeLessThanOrEqual(10_000);
    }
  });
});
