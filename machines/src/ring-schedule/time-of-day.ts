export const MINUTE_MS = 60_000;
export const DAY_MINUTES = 24 * 60;

/** The number written by the ASCII digits text[from, to), or null if any is not a digit. */
function digits(text: string, from: number, to: number): number | null {
  let value = 0;
  for (let index = from; index < to; index += 1) {
    const digit = text.charCodeAt(index) - 48;
    if (digit < 0 || digit > 9) return null;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * Minutes since midnight of `HH:MM` (a single-digit hour is tolerated for stored data), or null
 * when it is not a time. `24:00` is accepted only as an end: it names the end of the day.
 */
export function parseTimeOfDay(text: unknown, asEnd = false): number | null {
  if (typeof text !== 'string') return null;
  // By hand rather than a regular expression: the look-ahead parses every range on every call.
  const trimmed = text.trim();
  const colon = trimmed.length - 3;
  if ((colon !== 1 && colon !== 2) || trimmed[colon] !== ':') return null;
  const hours = digits(trimmed, 0, colon);
  const minutes = digits(trimmed, colon + 1, trimmed.length);
  if (hours === null || minutes === null || minutes > 59) return null;
  const total = hours * 60 + minutes;
  if (total < DAY_MINUTES || (asEnd && total === DAY_MINUTES)) return total;
  return null;
}

/** `HH:MM` of minutes since midnight (1440 → `24:00`). */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
