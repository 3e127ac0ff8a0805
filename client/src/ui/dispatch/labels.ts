const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM` in the device's local time; '' for an unreadable time. */
export function formatDispatchTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}`
  );
}

/** A status key as words when the board's name is not known: `in_progress` → "In progress". */
export function statusLabel(key: string, statuses?: readonly { key: string; name: string }[]): string {
  const named = statuses?.find((status) => status.key === key)?.name;
  if (named) return named;
  const words = key.replace(/[_-]+/g, ' ').trim();
  return words ? words[0]?.toUpperCase() + words.slice(1) : key;
}

const PRIORITIES: Record<string, string> = {
  urgent: 'Urgent',
  high: 'High priority',
  medium: 'Medium priority',
  low: 'Low priority',
};

/** Priority as words; null for none or unknown, which the rows leave out. */
export function priorityLabel(priority: string | undefined): string | null {
  return (priority && PRIORITIES[priority]) || null;
}

/** The first non-empty line of the user's words, for rows without an issue title yet. */
export function firstLine(text: string): string {
  return (
    text
      .split('\n')
      .map((line) => line.trim())
      .find(Boolean) ?? ''
  );
}

/** Up to two initials for the round avatar of the calling view. */
export function initials(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
  return letters.slice(0, 2) || '?';
}
