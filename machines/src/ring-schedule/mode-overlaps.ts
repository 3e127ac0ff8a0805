import type { Mode, Weekday } from './mode-types';
import { WEEKDAY_NAMES } from './mode-types';
import { parseTimeOfDay } from './time-of-day';

/** Two modes that would both govern the same weekdays. */
export interface ModeOverlap {
  modeId: string;
  modeName: string;
  otherId: string;
  otherName: string;
  weekdays: Weekday[];
}

export type ModeProblem =
  | ({ kind: 'weekdaysOverlap'; message: string } & ModeOverlap)
  | { kind: 'invalidRange' | 'noRanges'; modeId: string; modeName: string; message: string };

export type ModeChangeResult =
  | { ok: true; modes: Mode[] }
  | { ok: false; reason: 'unknownMode'; message: string }
  | { ok: false; reason: 'weekdaysOverlap'; message: string; overlaps: ModeOverlap[] };

function sharedWeekdays(a: Mode, b: Mode): Weekday[] {
  return a.weekdays.filter((day) => b.weekdays.includes(day));
}

function dayList(days: readonly Weekday[]): string {
  const names = days.map((day) => WEEKDAY_NAMES[day] ?? String(day));
  return names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The modes that are on and share weekdays with `mode` (itself excluded). */
export function overlapsWith(modes: readonly Mode[], mode: Mode): ModeOverlap[] {
  return modes.flatMap((other) => {
    if (other.id === mode.id || !other.on) return [];
    const weekdays = sharedWeekdays(mode, other);
    if (weekdays.length === 0) return [];
    return [{ modeId: mode.id, modeName: mode.name, otherId: other.id, otherName: other.name, weekdays }];
  });
}

export function describeOverlap(overlap: ModeOverlap): string {
  return (
    `"${overlap.modeName}" cannot be on together with "${overlap.otherName}": ` +
    `both repeat on ${dayList(overlap.weekdays)}. Two modes can be on together only when their weekdays do not overlap.`
  );
}

/** Every reason the set cannot be saved as it is; empty when it can. */
export function validateModes(modes: readonly Mode[]): ModeProblem[] {
  const problems: ModeProblem[] = [];
  modes.forEach((mode, index) => {
    const ref = { modeId: mode.id, modeName: mode.name };
    if (mode.ranges.length === 0)
      problems.push({ kind: 'noRanges', ...ref, message: `"${mode.name}" needs at least one time range.` });
    for (const range of mode.ranges) {
      if (parseTimeOfDay(range.start) === null || parseTimeOfDay(range.end, true) === null)
        problems.push({
          kind: 'invalidRange',
          ...ref,
          message: `"${mode.name}" has a time range that is not HH:MM to HH:MM: ${range.start}–${range.end}.`,
        });
    }
    // Each pair once: only against the modes after this one.
    if (mode.on)
      for (const overlap of overlapsWith(modes.slice(index + 1), mode))
        problems.push({ kind: 'weekdaysOverlap', ...overlap, message: describeOverlap(overlap) });
  });
  return problems;
}

function refuseOverlaps(modes: readonly Mode[], mode: Mode): ModeChangeResult | null {
  const overlaps = overlapsWith(modes, mode);
  if (overlaps.length === 0) return null;
  return {
    ok: false,
    reason: 'weekdaysOverlap',
    message: overlaps.map(describeOverlap).join(' '),
    overlaps,
  };
}

/** Replaces the mode with the same id; refused when it is on and its weekdays meet another that is on. */
export function updateMode(modes: readonly Mode[], mode: Mode): ModeChangeResult {
  if (!modes.some((existing) => existing.id === mode.id))
    return { ok: false, reason: 'unknownMode', message: `There is no mode "${mode.id}".` };
  if (mode.on) {
    const refused = refuseOverlaps(modes, mode);
    if (refused) return refused;
  }
  return { ok: true, modes: modes.map((existing) => (existing.id === mode.id ? mode : existing)) };
}

/** Switches a mode on, refusing when another mode that is on shares any of its weekdays. */
export function enableMode(modes: readonly Mode[], id: string): ModeChangeResult {
  const mode = modes.find((existing) => existing.id === id);
  if (!mode) return { ok: false, reason: 'unknownMode', message: `There is no mode "${id}".` };
  return updateMode(modes, { ...mode, on: true });
}

/** Switching off never conflicts. */
export function disableMode(modes: readonly Mode[], id: string): ModeChangeResult {
  const mode = modes.find((existing) => existing.id === id);
  if (!mode) return { ok: false, reason: 'unknownMode', message: `There is no mode "${id}".` };
  return updateMode(modes, { ...mode, on: false });
}
