/**
 * The error codes that mean "no way to the computer now" (it is offline, the relay cannot be
 * reached, the computer did not answer in time, the desktop's daemon is not running), as opposed
 * to the computer answering with a refusal.
 */
const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  'device_offline',
  'device_not_found',
  'daemon_timeout',
  'network_error',
  'daemon_not_running',
]);

export function isComputerUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}
