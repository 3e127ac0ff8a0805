import { describe, expect, it } from 'vitest';
import { BUILT_IN_TONES, builtInTone, URGENT_PATTERN } from './builtInTones';
import { CLASSIC_RING_PATTERN } from './classicRingtone';
import { RINGBACK_PATTERN } from './ringbackTone';
import { patternOnceMs } from './tonePattern';

describe('built-in tones', () => {
  it('are seven, with stable unique ids and names, Classic, Ringback and Urgent among them', () => {
    expect(BUILT_IN_TONES).toHaveLength(7);
    expect(new Set(BUILT_IN_TONES.map((tone) => tone.id)).size).toBe(7);
    expect(BUILT_IN_TONES.map((tone) => tone.name)).toEqual([
      'Classic',
      'Ringback',
      'Marimba',
      'Chime',
      'Digital',
      'Pulse',
      'Urgent',
    ]);
    expect(BUILT_IN_TONES[0]?.pattern).toBe(CLASSIC_RING_PATTERN);
    expect(BUILT_IN_TONES[1]?.pattern).toBe(RINGBACK_PATTERN);
  });

  it('the ringback is 450 Hz, 1 s on and 4 s off', () => {
    expect(RINGBACK_PATTERN.frequencies).toEqual([450]);
    expect(RINGBACK_PATTERN.bursts).toEqual([{ onMs: 1000, offMs: 4000 }]);
  });

  it('each sounds different: no two share frequencies and cadence', () => {
    const signatures = BUILT_IN_TONES.map((tone) =>
      JSON.stringify([tone.pattern.frequencies, tone.pattern.bursts, tone.pattern.wave ?? 'sine']),
    );
    expect(new Set(signatures).size).toBe(7);
  });

  it('the urgent tone (permission calls) is short and quick: beeps under a quarter second, a cycle under 1.5 s', () => {
    expect(builtInTone('urgent')?.pattern).toBe(URGENT_PATTERN);
    const cycle = URGENT_PATTERN.bursts.reduce((sum, burst) => sum + burst.onMs + burst.offMs, 0);
    expect(cycle).toBeLessThan(1500);
    expect(URGENT_PATTERN.bursts.length).toBeGreaterThanOrEqual(3);
    for (const burst of URGENT_PATTERN.bursts) expect(burst.onMs).toBeLessThan(250);
    expect(Math.min(...URGENT_PATTERN.frequencies)).toBeGreaterThan(800);
  });

  it('one pass lasts a few seconds at most, so a preview is short', () => {
    for (const tone of BUILT_IN_TONES) {
      expect(patternOnceMs(tone.pattern)).toBeGreaterThan(0);
      expect(patternOnceMs(tone.pattern)).toBeLessThanOrEqual(2500);
    }
  });
});
