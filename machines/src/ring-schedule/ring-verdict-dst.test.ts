import { describe, expect, it } from 'vitest';
import { defaultModes } from './default-modes';
import { HOUR_MS, mode } from './ring-schedule-fixtures';
import { LOOK_AHEAD_MS, mayRingAt, nextChange } from './ring-verdict';

/**
 * 2026 changes (UTC): Berlin 29 Mar 01:00 (02:00 CET → 03:00 CEST) and 25 Oct 01:00 (03:00 CEST
 * → 02:00 CET); New York 8 Mar 07:00 (02:00 EST → 03:00 EDT) and 1 Nov 06:00 (02:00 EDT → 01:00
 * EST). Zones are passed explicitly, so `Intl` applies them whatever the machine's zone is; the
 * local-zone test file checks the device-zone path.
 */
const BERLIN = 'Europe/Berlin';
const NEW_YORK = 'America/New_York';
const utc = (month: number, day: number, hour: number, minute = 0) =>
  Date.UTC(2026, month - 1, day, hour, minute);
const sleep = defaultModes().map((m) => ({ ...m, on: m.id === 'sleep' }));

/** The flips from `from`, in order, with the verdict after each. */
function flips(modes: Parameters<typeof nextChange>[0], from: number, zone: string, count: number) {
  const seen: Array<[string, boolean]> = [];
  let at: number | null = from;
  while (seen.length < count && at !== null) {
    at = nextChange(modes, at, zone);
    if (at !== null) seen.push([new Date(at).toISOString().slice(5, 16), mayRingAt(modes, at, zone)]);
  }
  return seen;
}

describe('Sleep (22:00–08:00) through DST nights', () => {
  it('Berlin spring forward: the night is an hour shorter in real time, ends at 08:00 on the wall', () => {
    // 28 Mar 22:00 CET is 21:00Z; 29 Mar 08:00 CEST is 06:00Z (not 07:00Z, as adding 10 h would say).
    expect(flips(sleep, utc(3, 28, 12), BERLIN, 3)).toEqual([
      ['03-28T21:00', false],
      ['03-29T06:00', true],
      ['03-29T20:00', false],
    ]);
  });

  it('Berlin fall back: the night is an hour longer in real time', () => {
    expect(flips(sleep, utc(10, 24, 12), BERLIN, 3)).toEqual([
      ['10-24T20:00', false],
      ['10-25T07:00', true],
      ['10-25T21:00', false],
    ]);
  });

  it('New York spring forward and fall back', () => {
    expect(flips(sleep, utc(3, 7, 18), NEW_YORK, 2)).toEqual([
      ['03-08T03:00', false],
      ['03-08T12:00', true],
    ]);
    expect(flips(sleep, utc(10, 31, 18), NEW_YORK, 2)).toEqual([
      ['11-01T02:00', false],
      ['11-01T13:00', true],
    ]);
  });
});

describe('wall times that DST skips or repeats', () => {
  it('a range starting in the skipped hour begins at the jump (02:30 does not exist in Berlin on 29 Mar)', () => {
    const gap = [mode({ weekdays: [0], ranges: [{ start: '02:30', end: '04:00' }] })];
    expect(mayRingAt(gap, utc(3, 29, 0, 59), BERLIN)).toBe(true); // 01:59 CET
    expect(flips(gap, utc(3, 29, 0, 30), BERLIN, 2)).toEqual([
      ['03-29T01:00', false], // the wall clock jumps from 02:00 to 03:00, inside the range
      ['03-29T02:00', true], // 04:00 CEST
    ]);
  });

  it('a range ending in the repeated hour ends twice, as the wall clock shows it twice', () => {
    const early = [mode({ weekdays: [0], ranges: [{ start: '00:00', end: '02:30' }] })];
    expect(flips(early, utc(10, 24, 21), BERLIN, 4)).toEqual([
      ['10-24T22:00', false], // 00:00 CEST
      ['10-25T00:30', true], // 02:30 CEST
      ['10-25T01:00', false], // the clock falls back to 02:00 CET
      ['10-25T01:30', true], // 02:30 CET
    ]);
  });

  it('a range spanning the repeated hour simply lasts an hour longer (New York, 01:00–02:30)', () => {
    const span = [mode({ weekdays: [0], ranges: [{ start: '01:00', end: '02:30' }] })];
    expect(flips(span, utc(11, 1, 4), NEW_YORK, 2)).toEqual([
      ['11-01T05:00', false], // 01:00 EDT
      ['11-01T07:30', true], // 02:30 EST: 01:00–01:59 came twice
    ]);
  });
});

describe('23- and 25-hour days', () => {
  const sundayQuiet = [mode({ weekdays: [0], ranges: [{ start: '00:00', end: '24:00' }] })];

  it('a whole-day mode lasts 23 hours on the spring day and 25 on the autumn day', () => {
    for (const [zone, spring, autumn] of [
      [BERLIN, utc(3, 28, 12), utc(10, 24, 12)],
      [NEW_YORK, utc(3, 7, 12), utc(10, 31, 12)],
    ] as const) {
      const lengthOfSunday = (before: number) => {
        const begins = nextChange(sundayQuiet, before, zone) ?? Number.NaN;
        return ((nextChange(sundayQuiet, begins, zone) ?? Number.NaN) - begins) / HOUR_MS;
      };
      const [springLength, autumnLength] = [lengthOfSunday(spring), lengthOfSunday(autumn)];
      expect([zone, springLength, autumnLength]).toEqual([zone, 23, 25]);
    }
  });
});

describe('the one-week look-ahead across DST', () => {
  // Quiet on Mondays 12:00–13:00: the longest wait is from 13:00 to the next Monday 12:00.
  const mondayNoon = [mode({ weekdays: [1], ranges: [{ start: '12:00', end: '13:00' }] })];

  it('counts a change exactly one week (7 × 24 h) ahead: 6 days 23 hours of wall time plus the extra hour', () => {
    const from = utc(10, 19, 11); // Mon 13:00 CEST
    expect(nextChange(mondayNoon, from, BERLIN)).toBe(from + LOOK_AHEAD_MS); // Mon 26 Oct 12:00 CET
  });

  it('does not look past it: a change 7 days and 30 minutes ahead is out of reach', () => {
    const mondayHalfHour = [mode({ weekdays: [1], ranges: [{ start: '12:00', end: '12:30' }] })];
    const from = utc(10, 19, 10, 30); // Mon 12:30 CEST; the next quiet start is Mon 26 Oct 11:00Z
    expect(nextChange(mondayHalfHour, from, BERLIN)).toBeNull();
    expect(mayRingAt(mondayHalfHour, utc(10, 26, 11) - 1, BERLIN)).toBe(true);
    expect(mayRingAt(mondayHalfHour, utc(10, 26, 11), BERLIN)).toBe(false);
  });

  it('a spring week brings it an hour closer', () => {
    const from = utc(3, 23, 12); // Mon 13:00 CET
    expect(nextChange(mondayNoon, from, BERLIN)).toBe(utc(3, 30, 10)); // Mon 12:00 CEST
  });
});
