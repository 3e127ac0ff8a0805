import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultModes } from './default-modes';
import { DST_CHANGES_2026, instant, schedule } from './ring-schedule-arbitraries';
import { mayRingAt, nextChange } from './ring-verdict';
import { utcOffsetMs } from './wall-clock';

/**
 * Without a `timeZone` the schedule follows the device's zone through `Date`. Node re-reads
 * the `TZ` environment variable whenever it is assigned, so this file switches the process's
 * zone (`vi.stubEnv` assigns it), proves the switch took effect, and puts it back afterwards.
 */
const ZONE = 'America/New_York';

beforeAll(() => {
  vi.stubEnv('TZ', ZONE);
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('the device zone (no timeZone argument)', () => {
  it('really is New York here', () => {
    expect(new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset()).toBe(300); // EST
    expect(new Date(Date.UTC(2026, 6, 15)).getTimezoneOffset()).toBe(240); // EDT
  });

  it('reads the same offsets through Intl (cached per slot) as through Date, at the changes too', () => {
    const edges = DST_CHANGES_2026.flatMap((change) => [change - 1, change, change + 1]);
    fc.assert(
      fc.property(fc.oneof(instant, fc.constantFrom(...edges)), (at) => {
        expect(utcOffsetMs(at, ZONE)).toBe(utcOffsetMs(at));
      }),
      { numRuns: 500 },
    );
  });

  it('applies wall-clock time across the spring-forward night', () => {
    const sleep = defaultModes().map((m) => ({ ...m, on: m.id === 'sleep' }));
    const evening = Date.UTC(2026, 2, 7, 18); // 13:00 EST
    const sleepStarts = nextChange(sleep, evening);
    expect(sleepStarts).toBe(Date.UTC(2026, 2, 8, 3)); // 22:00 EST
    expect(nextChange(sleep, sleepStarts ?? 0)).toBe(Date.UTC(2026, 2, 8, 12)); // 08:00 EDT
    expect(mayRingAt(sleep, Date.UTC(2026, 2, 8, 11, 59))).toBe(false);
  });

  it('agrees with the same zone read through Intl, for random schedules and instants', () => {
    fc.assert(
      fc.property(schedule, instant, (modes, now) => {
        expect(mayRingAt(modes, now)).toBe(mayRingAt(modes, now, ZONE));
        expect(nextChange(modes, now)).toBe(nextChange(modes, now, ZONE));
      }),
      { numRuns: 300 },
    );
  });
});
