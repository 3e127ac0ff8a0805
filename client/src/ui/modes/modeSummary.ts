import type { Mode } from '@ringback/machines';

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Every day", "Mon–Fri", "Sat, Sun" or a list: the mode's weekdays as a person reads them. */
export function weekdaysText(weekdays: readonly number[]): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 7) return 'Every day';
  if (days.length === 0) return 'No day';
  const key = days.join('');
  if (key === '12345') return 'Mon–Fri';
  if (key === '06') return 'Sat, Sun';
  // Monday first, as a week reads.
  return [...days.filter((day) => day > 0), ...days.filter((day) => day === 0)]
    .map((day) => SHORT_DAYS[day])
    .join(', ');
}

/** One line under the mode's name: days, times and what happens within them. */
export function modeSummary(mode: Mode): string {
  const ranges = mode.ranges.map((range) => `${range.start}–${range.end}`).join(', ');
  const rule = mode.rule === 'ringWithin' ? 'rings only then' : 'silent then';
  return `${weekdaysText(mode.weekdays)} · ${ranges} · ${rule}`;
}
