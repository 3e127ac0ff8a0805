import { ComputerWriteError, DAEMON_NOT_RUNNING } from '../settings/computer-writes';

/**
 * Why the Call button cannot be used, from the last failed read of the dispatch options: the spec's
 * four conditions (computer offline, no daemon, no tracker, agent offline; the last is judged per
 * agent by the screen). Null when the failure says nothing about them (a passing glitch).
 */
export function blockedReasonOf(error: unknown): string | null {
  const code = error instanceof ComputerWriteError ? error.code : undefined;
  switch (code) {
    case 'device_offline':
    case 'daemon_timeout':
    case DAEMON_NOT_RUNNING:
      return 'Your computer is offline, or Ringback is not running on it (start it with `ringback up`).';
    case 'device_not_found':
      return 'No computer with Ringback is paired to this account: run `ringback up` on your computer.';
    case 'tracker_not_configured':
      return 'Your computer has no Multica token yet: set it under Settings › Tracker (Multica).';
    case 'network_error':
      return 'The relay cannot be reached from this device.';
    case 'undecryptable_request':
      return 'Your computer holds a different end-to-end key than this device.';
    default:
      return error instanceof Error ? error.message : null;
  }
}
