/** RFC3339 with second precision, the format of every Multica timestamp but one. */
export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** RFC3339Nano as Go prints it (trailing zeros of the fraction trimmed): only `last_activity_at` uses it. */
export function rfc3339Nano(ms: number): string {
  const iso = new Date(ms).toISOString();
  const [head, fraction = '000Z'] = iso.split('.');
  const digits = fraction.replace('Z', '').replace(/0+$/, '');
  return digits ? `${head}.${digits}Z` : `${head}Z`;
}

export function nullableTime(ms: number | null): string | null {
  return ms === null ? null : rfc3339(ms);
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date `YYYY-MM-DD` that really exists (Go's time.Parse rejects 2026-02-30). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string' || !DATE_RE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}
