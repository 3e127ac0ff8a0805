import type { Mode } from './mode-types';
import { DAY_MINUTES, MINUTE_MS, parseTimeOfDay } from './time-of-day';
import { DAY_MS, wallDay, weekdayOfDay } from './wall-clock';

/**
 * How one weekday is decided, from the single mode that governs it.
 *
 * Reading of "each day is evaluated by that day's mode over 0:00 to 24:00": a day's mode alone
 * decides all 24 hours of that day, and nothing spills over from the day before. A range that
 * crosses midnight (22:00–08:00) therefore covers, on each of its mode's days, that day's
 * 00:00–08:00 and 22:00–24:00. With the mode on every day this is the usual night from 22:00 to
 * 08:00; on Monday–Friday only, Saturday morning belongs to Saturday (no mode: rings) and
 * Monday's 00:00–08:00 is quiet even though Sunday evening was not. This keeps the promise of the
 * one-mode-per-day rule: no instant is ever claimed by two modes.
 */
export interface DaySchedule {
  mode: Mode;
  ringsInside: boolean;
  /** Non-wrapping [start, end) in ms since local midnight. */
  intervals: Array<readonly [number, number]>;
  /** Ms since local midnight where the verdict may change, ascending, starting with midnight. */
  boundaries: number[];
}

/** Index = weekday; null = no mode that day, so it rings at any time. */
export type CompiledSchedule = ReadonlyArray<DaySchedule | null>;

function intervalsOf(mode: Mode): Array<readonly [number, number]> {
  const intervals: Array<readonly [number, number]> = [];
  for (const range of mode.ranges) {
    const start = parseTimeOfDay(range.start);
    const end = parseTimeOfDay(range.end, true);
    if (start === null || end === null) continue; // validateModes reports it; it covers nothing here
    const [from, to] = [start * MINUTE_MS, end * MINUTE_MS];
    if (start === end) intervals.push([0, DAY_MS]);
    else if (start < end) intervals.push([from, to]);
    else intervals.push([from, DAY_MS], [0, to]);
  }
  return intervals;
}

function compileDay(mode: Mode): DaySchedule {
  const intervals = intervalsOf(mode);
  const edges = new Set<number>([0]);
  for (const [from, to] of intervals) {
    edges.add(from);
    if (to < DAY_MINUTES * MINUTE_MS) edges.add(to);
  }
  return {
    mode,
    ringsInside: mode.rule === 'ringWithin',
    intervals,
    boundaries: [...edges].sort((a, b) => a - b),
  };
}

/**
 * Which mode governs each weekday: the first that is on and repeats that day. The overlap rule
 * means there is at most one; if stored data breaks it, the earlier mode wins, as parsing does.
 */
export function compileSchedule(modes: readonly Mode[]): CompiledSchedule {
  const days: Array<DaySchedule | null> = [null, null, null, null, null, null, null];
  for (const mode of modes) {
    if (!mode.on) continue;
    const compiled = compileDay(mode);
    for (const day of mode.weekdays) if (days[day] === null) days[day] = compiled;
  }
  return days;
}

/** Whether any day has a mode: without one the device rings at any time. */
export function hasAnyMode(schedule: CompiledSchedule): boolean {
  return schedule.some((day) => day !== null);
}

/** The verdict at a local wall-clock time (ms as if UTC). */
export function ringsAtWallTime(schedule: CompiledSchedule, wallMs: number): boolean {
  const day = wallDay(wallMs);
  const daySchedule = schedule[weekdayOfDay(day)];
  if (!daySchedule) return true;
  const sinceMidnight = wallMs - day * DAY_MS;
  const inside = daySchedule.intervals.some(([from, to]) => sinceMidnight >= from && sinceMidnight < to);
  return inside === daySchedule.ringsInside;
}
