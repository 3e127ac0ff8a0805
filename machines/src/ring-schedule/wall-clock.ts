/**
 * Local wall-clock time as plain arithmetic: `instant + utcOffsetMs(instant)` is the local time
 * written as if it were UTC, so days, weekdays and minutes come from integer division and stay
 * right across 23- and 25-hour days. Without a zone the device's own zone is used (what the user
 * sees on the clock); an IANA zone is read through `Intl`.
 */
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneOffsetMs(instant: number, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant))
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  const wall = Date.UTC(
    fields.year ?? 1970,
    (fields.month ?? 1) - 1,
    fields.day ?? 1,
    fields.hour ?? 0,
    fields.minute ?? 0,
    fields.second ?? 0,
  );
  // Intl shows whole seconds: compare with the instant's whole second, so the offset is exact.
  return wall - (instant - (((instant % 1000) + 1000) % 1000));
}

/**
 * `formatToParts` costs microseconds and the look-ahead asks a dozen times, so a named zone's
 * offsets are remembered per 6-hour slot: one offset, or the one change inside the slot found by
 * bisection (zones change offset months apart, never twice within 6 hours). The device zone is
 * not cached: it can change under a running app, and `Date` is quick anyway.
 */
const SLOT_MS = 6 * 3_600_000;
const MAX_CACHED_SLOTS = 20_000;

interface SlotChange {
  at: number;
  before: number;
  after: number;
}

const slotOffsets = new Map<string, Map<number, number | SlotChange>>();

function changeWithin(from: number, to: number, before: number, after: number, timeZone: string): SlotChange {
  let [same, changed] = [from, to];
  while (changed - same > 1) {
    const middle = Math.floor((same + changed) / 2);
    if (zoneOffsetMs(middle, timeZone) === before) same = middle;
    else changed = middle;
  }
  return { at: changed, before, after };
}

function cachedZoneOffsetMs(instant: number, timeZone: string): number {
  let slots = slotOffsets.get(timeZone);
  if (!slots || slots.size > MAX_CACHED_SLOTS) {
    slots = new Map();
    slotOffsets.set(timeZone, slots);
  }
  const slot = Math.floor(instant / SLOT_MS);
  let known = slots.get(slot);
  if (known === undefined) {
    const [from, to] = [slot * SLOT_MS, (slot + 1) * SLOT_MS - 1];
    const [first, last] = [zoneOffsetMs(from, timeZone), zoneOffsetMs(to, timeZone)];
    known = first === last ? first : changeWithin(from, to, first, last, timeZone);
    slots.set(slot, known);
  }
  if (typeof known === 'number') return known;
  return instant < known.at ? known.before : known.after;
}

/** Local time minus UTC at `instant`, in ms (east of Greenwich is positive). Throws on an unknown zone. */
export function utcOffsetMs(instant: number, timeZone?: string): number {
  if (timeZone === undefined) return -new Date(instant).getTimezoneOffset() * 60_000;
  return cachedZoneOffsetMs(instant, timeZone);
}

/** Local wall-clock ms (as if UTC) of an instant. */
export function wallTimeMs(instant: number, timeZone?: string): number {
  return instant + utcOffsetMs(instant, timeZone);
}

/** Day number since 1970-01-01 of a wall-clock ms. */
export function wallDay(wallMs: number): number {
  return Math.floor(wallMs / DAY_MS);
}

/** Weekday (0 = Sunday) of a wall-clock day number: 1970-01-01 was a Thursday. */
export function weekdayOfDay(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** A stretch of time with one UTC offset: [from, to). */
export interface OffsetSegment {
  from: number;
  to: number;
  offsetMs: number;
}

/**
 * Zones change offset at most a few times a year, so sampling every 12 hours finds every change
 * in real zone data; each one found is narrowed to the exact ms by bisection.
 */
const OFFSET_PROBE_MS = 12 * 3_600_000;

/** [from, to) cut where the zone's offset changes. */
export function offsetSegments(from: number, to: number, timeZone?: string): OffsetSegment[] {
  const segments: OffsetSegment[] = [];
  let start = from;
  let offsetMs = utcOffsetMs(from, timeZone);
  let probed = from;
  while (probed < to) {
    const probe = Math.min(probed + OFFSET_PROBE_MS, to);
    if (utcOffsetMs(probe, timeZone) !== offsetMs) {
      let same = probed;
      let changed = probe;
      while (changed - same > 1) {
        const middle = Math.floor((same + changed) / 2);
        if (utcOffsetMs(middle, timeZone) === offsetMs) same = middle;
        else changed = middle;
      }
      segments.push({ from: start, to: changed, offsetMs });
      start = changed;
      offsetMs = utcOffsetMs(changed, timeZone);
      // Re-probe from the change, in case another follows within the same stretch.
      probed = changed;
      continue;
    }
    probed = probe;
  }
  segments.push({ from: start, to, offsetMs });
  return segments;
}
