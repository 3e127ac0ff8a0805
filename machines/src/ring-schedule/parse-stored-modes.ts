import { defaultModes } from './default-modes';
import { overlapsWith } from './mode-overlaps';
import { EVERY_DAY, isWeekday, type Mode, type ModeRule, type TimeRange, type Weekday } from './mode-types';
import { formatTimeOfDay, parseTimeOfDay } from './time-of-day';

type Stored = Record<string, unknown>;

function isRecord(value: unknown): value is Stored {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Older builds and hand-edited settings used looser words for the two rules.
const RULE_ALIASES: Record<string, ModeRule> = {
  ringWithin: 'ringWithin',
  ring: 'ringWithin',
  ringOnly: 'ringWithin',
  allow: 'ringWithin',
  silentWithin: 'silentWithin',
  silent: 'silentWithin',
  noRing: 'silentWithin',
  doNotRing: 'silentWithin',
  mute: 'silentWithin',
};

function readRange(value: unknown): TimeRange | null {
  if (!isRecord(value)) return null;
  const start = parseTimeOfDay(value.start);
  const end = parseTimeOfDay(value.end, true);
  if (start === null || end === null) return null;
  return { start: formatTimeOfDay(start), end: formatTimeOfDay(end) };
}

function readWeekdays(value: unknown): Weekday[] {
  // No weekdays at all is how an older version saved a mode: it meant every day.
  if (!Array.isArray(value)) return [...EVERY_DAY];
  return [...new Set(value.filter(isWeekday))].sort((a, b) => a - b);
}

function readOn(entry: Stored, id: string, selectedId: string | undefined): boolean {
  for (const key of ['on', 'enabled', 'active'])
    if (typeof entry[key] === 'boolean') return entry[key] as boolean;
  return selectedId === id;
}

function readMode(entry: unknown, index: number, selectedId: string | undefined): Mode | null {
  if (!isRecord(entry)) return null;
  const rule = typeof entry.rule === 'string' ? RULE_ALIASES[entry.rule] : undefined;
  // A guessed rule could ring all night: a mode whose rule cannot be read is dropped instead.
  if (!rule) return null;
  const listed = Array.isArray(entry.ranges) ? entry.ranges : [entry];
  const ranges = listed.map(readRange).filter((range): range is TimeRange => range !== null);
  if (ranges.length === 0) return null;
  const id = typeof entry.id === 'string' && entry.id !== '' ? entry.id : `mode-${index + 1}`;
  const name =
    typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name.trim() : `Mode ${index + 1}`;
  return {
    id,
    name,
    ranges,
    weekdays: readWeekdays(entry.weekdays),
    rule,
    on: readOn(entry, id, selectedId),
  };
}

function uniqueIds(modes: Mode[]): Mode[] {
  const seen = new Set<string>();
  return modes.map((mode) => {
    let id = mode.id;
    for (let n = 2; seen.has(id); n += 1) id = `${mode.id}-${n}`;
    seen.add(id);
    return id === mode.id ? mode : { ...mode, id };
  });
}

/**
 * Stored data can break the one-mode-per-day rule (two legacy modes, both on, both now every
 * day). The earlier one stays on, as the previously selected mode did; later ones switch off.
 */
function keepFirstOn(modes: Mode[]): Mode[] {
  const kept: Mode[] = [];
  for (const mode of modes)
    kept.push(mode.on && overlapsWith(kept, mode).length > 0 ? { ...mode, on: false } : mode);
  return kept;
}

/**
 * Modes as stored by any version: an array of modes, `{ modes, selectedModeId }`, or the JSON
 * text of either. Nothing stored, or nothing recognisable, gives the first-install modes; an
 * empty list stays empty (the user deleted them). Unreadable entries are dropped.
 */
export function parseStoredModes(raw: unknown): Mode[] {
  if (typeof raw === 'string') {
    try {
      return parseStoredModes(JSON.parse(raw));
    } catch {
      return defaultModes();
    }
  }
  let list: unknown[];
  let selectedId: string | undefined;
  if (Array.isArray(raw)) list = raw;
  else if (isRecord(raw) && Array.isArray(raw.modes)) {
    list = raw.modes;
    const selected = raw.selectedModeId ?? raw.activeModeId ?? raw.selectedId;
    selectedId = typeof selected === 'string' ? selected : undefined;
  } else return defaultModes();
  const modes = list.flatMap((entry, index) => readMode(entry, index, selectedId) ?? []);
  return keepFirstOn(uniqueIds(modes));
}
