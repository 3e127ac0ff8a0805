const two = (n: number) => String(n).padStart(2, '0');

/**
 * `YYYY-MM-DD HH:MM:SS` in the device's local time, as every call row shows it. Takes epoch
 * milliseconds or an ISO string (records keep ISO times); anything unreadable gives ''.
 */
export function formatCallTime(time: number | string): string {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) return '';
  return (
    `${String(date.getFullYear()).padStart(4, '0')}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}
