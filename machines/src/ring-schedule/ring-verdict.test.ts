import { describe, expect, it } from 'vitest';
import { defaultModes } from './default-modes';
import { DAY_MS, jan, mode } from './ring-schedule-fixtures';
import { activeModeAt, LOOK_AHEAD_MS, mayRingAt, nextChange, ringVerdict } from './ring-verdict';

const UTC = 'UTC';
const on = (id: string) => defaultModes().map((m) => ({ ...m, on: m.id === id }));

describe('mayRingAt: rules', () => {
  it('Work (ring within 10:00–19:00 on weekdays) rings only inside its range on its days', () => {
    const work = on('work');
    expect(mayRingAt(work, jan(5, '09:59'), UTC)).toBe(false);
    expect(mayRingAt(work, jan(5, '10:00'), UTC)).toBe(true);
    expect(mayRingAt(work, jan(5, '18:59'), UTC)).toBe(true);
    expect(mayRingAt(work, jan(5, '19:00'), UTC)).toBe(false); // the end is exclusive
    expect(mayRingAt(work, new Date(jan(5, '12:00')), UTC)).toBe(true); // a Date works too
  });

  it('a day with no mode rings at any time: Work leaves the weekend free', () => {
    for (const time of ['00:00', '03:00', '09:00', '21:00', '23:59'])
      expect(mayRingAt(on('work'), jan(10, time), UTC)).toBe(true);
    expect(activeModeAt(on('work'), jan(10, '03:00'), UTC)).toBeNull();
    expect(activeModeAt(on('work'), jan(9, '03:00'), UTC)?.id).toBe('work');
  });

  it('modes that are off change nothing', () => {
    const modes = defaultModes();
    expect(mayRingAt(modes, jan(5, '03:00'), UTC)).toBe(true);
    expect(nextChange(modes, jan(5, '03:00'), UTC)).toBeNull();
  });

  it('several ranges in one mode each count', () => {
    const lunch = [
      mode({
        rule: 'ringWithin',
        ranges: [
          { start: '09:00', end: '12:00' },
          { start: '13:00', end: '17:30' },
        ],
      }),
    ];
    expect([8, 9, 12, 13, 17, 18].map((hour) => mayRingAt(lunch, jan(6, `${hour}:00`), UTC))).toEqual([
      false,
      true,
      false,
      true,
      true,
      false,
    ]);
  });

  it('equal start and end cover the whole day; an end of 24:00 reaches midnight', () => {
    const allDay = [
      mode({ rule: 'silentWithin', ranges: [{ start: '07:00', end: '07:00' }], weekdays: [2] }),
    ];
    expect(mayRingAt(allDay, jan(6, '00:00'), UTC)).toBe(false);
    expect(mayRingAt(allDay, jan(6, '23:59'), UTC)).toBe(false);
    expect(mayRingAt(allDay, jan(7, '00:00'), UTC)).toBe(true);
    const evening = [mode({ rule: 'silentWithin', ranges: [{ start: '20:00', end: '24:00' }] })];
    expect(mayRingAt(evening, jan(6, '23:59'), UTC)).toBe(false);
    expect(mayRingAt(evening, jan(7, '00:00'), UTC)).toBe(true);
  });
});

describe('mayRingAt: ranges crossing midnight', () => {
  it('Sleep every day (22:00–08:00, no ring) is the usual night', () => {
    const sleep = on('sleep');
    expect(mayRingAt(sleep, jan(5, '21:59'), UTC)).toBe(true);
    expect(mayRingAt(sleep, jan(5, '22:00'), UTC)).toBe(false);
    expect(mayRingAt(sleep, jan(6, '00:00'), UTC)).toBe(false);
    expect(mayRingAt(sleep, jan(6, '07:59'), UTC)).toBe(false);
    expect(mayRingAt(sleep, jan(6, '08:00'), UTC)).toBe(true);
  });

  it('each day is decided by its own mode over 0:00–24:00: nothing spills into the next day', () => {
    // Sleep on Friday only: Friday's own early morning and late evening are quiet, but Saturday
    // morning belongs to Saturday, which has no mode and rings.
    const fridayNights = [mode({ weekdays: [5] })];
    expect(mayRingAt(fridayNights, jan(9, '03:00'), UTC)).toBe(false);
    expect(mayRingAt(fridayNights, jan(9, '12:00'), UTC)).toBe(true);
    expect(mayRingAt(fridayNights, jan(9, '23:00'), UTC)).toBe(false);
    expect(mayRingAt(fridayNights, jan(10, '03:00'), UTC)).toBe(true);
    expect(nextChange(fridayNights, jan(9, '23:00'), UTC)).toBe(jan(10, '00:00'));
  });

  it('a crossing ring-within range rings on both ends of its day', () => {
    const nights = [mode({ rule: 'ringWithin', ranges: [{ start: '20:00', end: '06:00' }], weekdays: [1] })];
    expect(mayRingAt(nights, jan(5, '05:00'), UTC)).toBe(true);
    expect(mayRingAt(nights, jan(5, '12:00'), UTC)).toBe(false);
    expect(mayRingAt(nights, jan(5, '21:00'), UTC)).toBe(true);
    expect(mayRingAt(nights, jan(6, '05:00'), UTC)).toBe(true); // Tuesday: no mode
  });

  it('two modes on different days: each governs its own day', () => {
    const modes = [
      mode({
        id: 'week',
        weekdays: [1, 2, 3, 4, 5],
        rule: 'ringWithin',
        ranges: [{ start: '10:00', end: '19:00' }],
      }),
      mode({
        id: 'weekend',
        weekdays: [0, 6],
        rule: 'silentWithin',
        ranges: [{ start: '00:00', end: '11:00' }],
      }),
    ];
    expect(mayRingAt(modes, jan(9, '20:00'), UTC)).toBe(false); // Friday, after work
    expect(mayRingAt(modes, jan(10, '00:00'), UTC)).toBe(false); // Saturday, lie-in
    expect(mayRingAt(modes, jan(10, '11:00'), UTC)).toBe(true);
    expect(nextChange(modes, jan(9, '20:00'), UTC)).toBe(jan(10, '11:00'));
  });
});

describe('nextChange', () => {
  it('finds the next flip of Work and Sleep', () => {
    expect(nextChange(on('work'), jan(5, '08:00'), UTC)).toBe(jan(5, '10:00'));
    expect(nextChange(on('work'), jan(5, '10:00'), UTC)).toBe(jan(5, '19:00'));
    // Friday evening is quiet under Work, but Saturday has no mode, so it rings from midnight.
    expect(nextChange(on('work'), jan(9, '19:00'), UTC)).toBe(jan(10, '00:00'));
    expect(nextChange(on('work'), jan(10, '00:00'), UTC)).toBe(jan(12, '00:00'));
    expect(nextChange(on('sleep'), jan(5, '23:00'), UTC)).toBe(jan(6, '08:00'));
    expect(nextChange(on('sleep'), jan(6, '08:00'), UTC)).toBe(jan(6, '22:00'));
  });

  it('skips boundaries that do not flip (a mode ending where the next day begins the same way)', () => {
    const quietMornings = [
      mode({
        ranges: [
          { start: '00:00', end: '08:00' },
          { start: '20:00', end: '24:00' },
        ],
      }),
    ];
    expect(nextChange(quietMornings, jan(5, '21:00'), UTC)).toBe(jan(6, '08:00'));
  });

  it('finds a change almost a week ahead (the DST test covers exactly one week and past it)', () => {
    const mondayMinute = [mode({ weekdays: [1], ranges: [{ start: '12:00', end: '12:01' }] })];
    expect(nextChange(mondayMinute, jan(5, '12:00'), UTC)).toBe(jan(5, '12:01'));
    const next = nextChange(mondayMinute, jan(5, '12:01'), UTC);
    expect(next).toBe(jan(12, '12:00'));
    expect((next ?? 0) - jan(5, '12:01')).toBeLessThanOrEqual(LOOK_AHEAD_MS);
    expect(LOOK_AHEAD_MS).toBe(7 * DAY_MS);
  });

  it('is null when the verdict never changes although modes are on', () => {
    const alwaysRing = [mode({ rule: 'ringWithin', ranges: [{ start: '00:00', end: '00:00' }] })];
    expect(nextChange(alwaysRing, jan(5, '12:00'), UTC)).toBeNull();
    expect(ringVerdict(alwaysRing, jan(5, '12:00'), UTC)).toEqual({
      at: jan(5, '12:00'),
      mayRing: true,
      nextChangeAt: null,
    });
    const neverRing = [mode({ rule: 'ringWithin', ranges: [{ start: '25:00', end: '26:00' }] })];
    expect(ringVerdict(neverRing, jan(5, '12:00'), UTC)).toMatchObject({
      mayRing: false,
      nextChangeAt: null,
    });
  });
});
