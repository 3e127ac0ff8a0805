import fc from 'fast-check';
import type { Mode, ModeRule, TimeRange, Weekday } from './mode-types';
import { formatTimeOfDay } from './time-of-day';

/** Zones with the awkward cases: two DST rules, a 30-minute DST shift, half-hour offsets, none. */
export const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Asia/Kolkata',
] as const;

/** 2026 DST changes, UTC: Berlin 29 Mar / 25 Oct 01:00, New York 8 Mar 07:00 / 1 Nov 06:00. */
export const DST_CHANGES_2026 = [
  Date.UTC(2026, 2, 29, 1),
  Date.UTC(2026, 9, 25, 1),
  Date.UTC(2026, 2, 8, 7),
  Date.UTC(2026, 10, 1, 6),
] as const;

const minuteOfDay = fc.integer({ min: 0, max: 24 * 60 - 1 });

/**
 * Any minute, the hour (so ranges share edges), or a time near 01:00–03:00 where DST skips or
 * repeats wall-clock time (an edge at 02:30 exists only in some of those days).
 */
const timeOfDay = fc.oneof(
  minuteOfDay,
  fc.integer({ min: 0, max: 23 }).map((hour) => hour * 60),
  fc.constantFrom(60, 90, 120, 150, 180, 210),
);

const range: fc.Arbitrary<TimeRange> = fc
  .tuple(timeOfDay, fc.oneof(timeOfDay, fc.constant(24 * 60)))
  .map(([start, end]) => ({ start: formatTimeOfDay(start), end: formatTimeOfDay(end) }));

const rule: fc.Arbitrary<ModeRule> = fc.constantFrom('ringWithin', 'silentWithin');

/**
 * Up to three modes that are on, each weekday given to at most one of them (the rule the UI
 * enforces), plus modes that are off with any weekdays (they must change nothing).
 */
export const schedule: fc.Arbitrary<Mode[]> = fc
  .record({
    owners: fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 7, maxLength: 7 }),
    onRanges: fc.array(fc.array(range, { minLength: 1, maxLength: 3 }), { minLength: 3, maxLength: 3 }),
    onRules: fc.array(rule, { minLength: 3, maxLength: 3 }),
    off: fc.array(
      fc.record({
        ranges: fc.array(range, { minLength: 1, maxLength: 2 }),
        weekdays: fc.subarray<Weekday>([0, 1, 2, 3, 4, 5, 6]),
        rule,
      }),
      { maxLength: 2 },
    ),
  })
  .map(({ owners, onRanges, onRules, off }) => {
    const on = [0, 1, 2].map((index) => ({
      id: `on-${index}`,
      name: `On ${index}`,
      ranges: onRanges[index] ?? [],
      weekdays: owners.flatMap((owner, day) => (owner === index ? [day as Weekday] : [])),
      rule: onRules[index] ?? 'ringWithin',
      on: true,
    }));
    return [
      ...off.map((spec, index) => ({ id: `off-${index}`, name: `Off ${index}`, ...spec, on: false })),
      ...on.filter((candidate) => candidate.weekdays.length > 0),
    ];
  });

/** Any instant of 2025–2027, or one within two days of a 2026 DST change. */
export const instant: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2028, 0, 1) }),
  fc
    .tuple(fc.constantFrom(...DST_CHANGES_2026), fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }))
    .map(([change, shift]) => change + shift),
);

export const zone = fc.constantFrom(...ZONES);
