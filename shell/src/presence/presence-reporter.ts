import type { DaemonReach, DaemonRequest, Presence } from '@ringback/protocol';

/** The daemon trusts a report for two minutes: every half minute keeps it fresh with room to spare. */
export const PRESENCE_REPORT_INTERVAL_MS = 30_000;

export interface PresenceReporterOptions {
  /**
   * Electron's `powerMonitor.getSystemIdleTime()`: seconds since the last input on this computer;
   * null where it cannot be trusted (see `systemIdleSource`): the daemon is then only asked.
   */
  idleSeconds: (() => number) | null;
  daemon: { request(request: DaemonRequest): Promise<DaemonReach> };
  /** What the daemon now makes of the user's presence (the tray's away switch follows it). */
  onPresence?: (presence: Presence | null) => void;
  intervalMs?: number;
}

export interface PresenceReporter {
  /** Reports now (also the first report, at start). */
  report(): Promise<void>;
  stop(): void;
}

/**
 * Tells the daemon the system idle time (`POST /presence`), at start and every 30 s, so a
 * permission request rings the phone only when the user has left the computer. A daemon that is
 * not running is simply asked again next time: it then reads the OS idle time itself, or counts
 * the user as at the computer. Without an idle time to tell, it only asks what the daemon makes
 * of the user's presence, for the tray.
 */
export function startPresenceReporter(options: PresenceReporterOptions): PresenceReporter {
  let stopped = false;
  const ask = async (): Promise<Presence | null> => {
    const read = options.idleSeconds;
    if (!read) {
      const reach = await options.daemon.request({ method: 'GET', path: '/settings/permission-calls' });
      const body = reach.ok && reach.status === 200 ? (reach.body as { presence?: unknown }) : null;
      return isPresence(body?.presence) ? body.presence : null;
    }
    const idleSeconds = Math.max(0, Math.floor(read()));
    const reach = await options.daemon.request({ method: 'POST', path: '/presence', body: { idleSeconds } });
    return reach.ok && reach.status === 200 && isPresence(reach.body) ? reach.body : null;
  };
  const report = async () => {
    if (stopped) return;
    const presence = await ask().catch(() => null);
    if (stopped) return;
    options.onPresence?.(presence);
  };
  const timer = setInterval(() => void report(), options.intervalMs ?? PRESENCE_REPORT_INTERVAL_MS);
  // The reports alone never keep the app running.
  timer.unref?.();
  void report();
  return {
    report,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

function isPresence(body: unknown): body is Presence {
  if (typeof body !== 'object' || body === null) return false;
  const presence = body as Record<string, unknown>;
  return typeof presence.away === 'boolean' && typeof presence.signal === 'string';
}
