import type { Mode } from '@ringback/machines';
import type { Translate } from '../../i18n';

const asIs: Translate = (english) => english;

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** "Every day", "Mon–Fri", "Sat, Sun" or a list: the mode's weekdays as a person reads them. */
export function weekdaysText(weekdays: readonly number[], t: Translate = asIs): string {
  const days = [...new Set(weekdays)].sort((a, b) => a - b);
  if (days.length === 7) return t('Every day');
  if (days.length === 0) return t('No day');
  const key = days.join('');
  if (key === '12345') return t('Mon–Fri');
  if (key === '06') return t('Sat, Sun');
  // Monday first, as a week reads.
  return [...days.filter((day) => day > 0), ...days.filter((day) => day === 0)]
    .map((day) => t(SHORT_DAYS[day] ?? ''))
    .join(t(', '));
}

/** One line under the mode's name: days, times and what happens within them. */
export function modeSummary(mode: Mode, t: Translate = asIs): string {
  const ranges = mode.ranges.map((range) => `${range.start}–${range.end}`).join(', ');
  const rule = mode.rule === 'ringWithin' ? t('rings only then') : t('silent then');
  return `${weekdaysText(mode.weekdays, t)} · ${ranges} · ${rule}`;
}
