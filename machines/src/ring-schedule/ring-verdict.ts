import { compileSchedule, hasAnyMode, ringsAtWallTime } from './day-schedule';
import type { Mode } from './mode-types';
import { DAY_MS, offsetSegments, wallDay, wallTimeMs, weekdayOfDay } from './wall-clock';

/** The spec's look-ahead: a change further away than one week is not looked for. */
export const LOOK_AHEAD_MS = 7 * DAY_MS;

/** What the schedule says at one instant. */
export interface RingVerdict {
  /** The instant evaluated, ms since the epoch. */
  at: number;
  mayRing: boolean;
  /** When `mayRing` next flips, ms since the epoch; null when it holds for the whole week ahead. */
  nextChangeAt: number | null;
}

function instantOf(date: Date | number): number {
  return typeof date === 'number' ? date : date.getTime();
}

/** The governing mode, if any, at an instant (for "Sleep until 08:00" on screen). */
export function activeModeAt(modes: readonly Mode[], date: Date | number, timeZone?: string): Mode | null {
  const wall = wallTimeMs(instantOf(date), timeZone);
  return compileSchedule(modes)[weekdayOfDay(wallDay(wall))]?.mode ?? null;
}

/** Whether ringing is allowed at an instant, by the local wall clock (the device's zone by default). */
export function mayRingAt(modes: readonly Mode[], date: Date | number, timeZone?: string): boolean {
  return ringsAtWallTime(compileSchedule(modes), wallTimeMs(instantOf(date), timeZone));
}

/**
 * The first instant after `now` and at most `LOOK_AHEAD_MS` later at which `mayRingAt` differs
 * from its value at `now`, or null. Within a stretch of one UTC offset the wall clock runs with
 * real time, so the verdict can change only where the wall clock reaches a boundary of its
 * day's mode (midnight included) or where the offset itself changes (DST): those candidates are
 * visited in time order and the first that flips is the answer. A wall time skipped by a
 * spring-forward takes effect at the jump; a wall time repeated by a fall-back counts twice, as
 * the clock on the wall shows it twice.
 */
export function nextChange(modes: readonly Mode[], now: Date | number, timeZone?: string): number | null {
  const start = instantOf(now);
  const schedule = compileSchedule(modes);
  if (!hasAnyMode(schedule)) return null;
  const horizon = start + LOOK_AHEAD_MS;
  const initial = ringsAtWallTime(schedule, wallTimeMs(start, timeZone));
  for (const { from, to, offsetMs } of offsetSegments(start, horizon + 1, timeZone)) {
    if (from > start && ringsAtWallTime(schedule, from + offsetMs) !== initial) return from;
    const lastDay = wallDay(to - 1 + offsetMs);
    for (let day = wallDay(from + offsetMs); day <= lastDay; day += 1) {
      const boundaries = schedule[weekdayOfDay(day)]?.boundaries ?? [0];
      for (const boundary of boundaries) {
        const wall = day * DAY_MS + boundary;
        const instant = wall - offsetMs;
        if (instant <= start || instant < from) continue;
        if (instant >= to) break;
        if (ringsAtWallTime(schedule, wall) !== initial) return instant;
      }
    }
  }
  return null;
}

/** `mayRingAt` and `nextChange` together, for the machine and the host. */
export function ringVerdict(modes: readonly Mode[], date: Date | number, timeZone?: string): RingVerdict {
  const at = instantOf(date);
  return { at, mayRing: mayRingAt(modes, at, timeZone), nextChangeAt: nextChange(modes, at, timeZone) };
}
