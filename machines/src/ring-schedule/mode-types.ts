/** 0 = Sunday … 6 = Saturday, as `Date.prototype.getDay` counts. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Ring only within the ranges, or stay silent within them. */
export type ModeRule = 'ringWithin' | 'silentWithin';

/**
 * Wall-clock times `HH:MM`; `end` may be `24:00`. A range whose end is earlier than its start
 * crosses midnight; equal start and end cover the whole day.
 */
export interface TimeRange {
  start: string;
  end: string;
}

/** A mode as the client stores it (`ringback.settings`): plain JSON. */
export interface Mode {
  id: string;
  name: string;
  /** One or more ranges. */
  ranges: TimeRange[];
  /** The days this mode governs, ascending; every day unless the user narrowed it. */
  weekdays: Weekday[];
  rule: ModeRule;
  on: boolean;
}

export const EVERY_DAY: readonly Weekday[] = [0, 1, 2, 3, 4, 5, 6];
export const MONDAY_TO_FRIDAY: readonly Weekday[] = [1, 2, 3, 4, 5];

/** English names for messages; the UI may translate from the structured fields instead. */
export const WEEKDAY_NAMES: readonly string[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

export function isWeekday(value: unknown): value is Weekday {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 6;
}
