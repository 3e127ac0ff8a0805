import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { enableMode, validateModes } from './mode-overlaps';
import type { Mode } from './mode-types';
import { parseStoredModes } from './parse-stored-modes';
import { DST_CHANGES_2026, instant, schedule, zone } from './ring-schedule-arbitraries';
import { LOOK_AHEAD_MS, mayRingAt, nextChange } from './ring-verdict';

const MINUTE_MS = 60_000;

/**
 * The slow, obvious answer: step minute by minute (every boundary and every offset change of the
 * zones used falls on a whole UTC minute) and stop at the first verdict that differs.
 */
function scanForChange(modes: Mode[], from: number, timeZone: string): number | null {
  const initial = mayRingAt(modes, from, timeZone);
  const horizon = from + LOOK_AHEAD_MS;
  for (let at = (Math.floor(from / MINUTE_MS) + 1) * MINUTE_MS; at <= horizon; at += MINUTE_MS)
    if (mayRingAt(modes, at, timeZone) !== initial) return at;
  return null;
}

describe('nextChange over random schedules', () => {
  it('the verdict holds on [now, nextChange) and flips at nextChange, which is at most a week ahead', () => {
    fc.assert(
      fc.property(
        schedule,
        instant,
        zone,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 40 }),
        (modes, now, timeZone, fractions) => {
          const initial = mayRingAt(modes, now, timeZone);
          const next = nextChange(modes, now, timeZone);
          const end = next ?? now + LOOK_AHEAD_MS + 1;
          if (next !== null) {
            expect(next).toBeGreaterThan(now);
            expect(next - now).toBeLessThanOrEqual(LOOK_AHEAD_MS);
            expect(mayRingAt(modes, next, timeZone)).toBe(!initial);
            expect(mayRingAt(modes, next - 1, timeZone)).toBe(initial);
          }
          for (const fraction of fractions) {
            const sample = now + Math.floor(fraction * (end - now - 1));
            expect(mayRingAt(modes, sample, timeZone)).toBe(initial);
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('matches a minute-by-minute scan of the week: null exactly when nothing changes', () => {
    fc.assert(
      fc.property(schedule, instant, zone, (modes, now, timeZone) => {
        expect(nextChange(modes, now, timeZone)).toBe(scanForChange(modes, now, timeZone));
      }),
      { numRuns: 40 },
    );
  });

  it('matches the scan in the days around the 2026 DST changes in Berlin and New York', () => {
    const nearChange = fc
      .tuple(fc.constantFrom(...DST_CHANGES_2026), fc.integer({ min: -30 * 3_600_000, max: 6 * 3_600_000 }))
      .map(([change, shift]) => change + shift);
    fc.assert(
      fc.property(
        schedule,
        nearChange,
        fc.constantFrom('Europe/Berlin', 'America/New_York'),
        (modes, now, timeZone) => {
          expect(nextChange(modes, now, timeZone)).toBe(scanForChange(modes, now, timeZone));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('modes that are off never change the verdict', () => {
    fc.assert(
      fc.property(schedule, instant, zone, (modes, now, timeZone) => {
        const onOnly = modes.filter((mode) => mode.on);
        expect(mayRingAt(modes, now, timeZone)).toBe(mayRingAt(onOnly, now, timeZone));
        expect(nextChange(modes, now, timeZone)).toBe(nextChange(onOnly, now, timeZone));
      }),
    );
  });
});

describe('mode sets over random schedules', () => {
  it('stored and read back unchanged, and valid', () => {
    fc.assert(
      fc.property(schedule, (modes) => {
        expect(parseStoredModes(JSON.stringify(modes))).toEqual(modes);
        expect(validateModes(modes)).toEqual([]);
      }),
    );
  });

  it('switching a mode on succeeds exactly when no mode that is on shares a weekday', () => {
    fc.assert(
      fc.property(schedule, (modes) => {
        for (const candidate of modes.filter((mode) => !mode.on)) {
          const shared = modes
            .filter((other) => other.on)
            .flatMap((other) => other.weekdays.filter((day) => candidate.weekdays.includes(day)));
          const result = enableMode(modes, candidate.id);
          expect(result.ok).toBe(shared.length === 0);
          if (result.ok) expect(validateModes(result.modes)).toEqual([]);
          else expect(result.message).toContain(`"${candidate.name}" cannot be on together with`);
        }
      }),
    );
  });
});
