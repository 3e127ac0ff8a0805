import type { PermissionCallSettings, Presence } from '@ringback/protocol';
import type { OsIdle, OsIdleReader } from './os-idle';

/** A desktop app's report counts this long: it reports every 30 s, so a quiet app has stopped. */
export const DESKTOP_REPORT_TRUST_MS = 2 * 60_000;
/** One OS reading serves the checks of a few seconds (a burst of requests spawns one process). */
export const OS_IDLE_CACHE_MS = 5_000;

export interface PresenceMonitorOptions {
  settings: () => PermissionCallSettings;
  readOsIdle: OsIdleReader;
  now?: () => number;
}

/**
 * Whether the user is away from this computer. The user's own word (`away: on|off`) wins; else
 * the idle time decides against `idleSeconds`: the desktop app's report while it is fresh, else
 * the OS's, else there is no signal and the user counts as at the computer (a permission request
 * then shows the agent's own prompt, as without Ringback).
 */
export class PresenceMonitor {
  readonly #settings: () => PermissionCallSettings;
  readonly #readOsIdle: OsIdleReader;
  readonly #now: () => number;
  #desktop: { idleSeconds: number; at: number } | null = null;
  #os: { reading: Promise<OsIdle | null>; at: number } | null = null;

  constructor(options: PresenceMonitorOptions) {
    this.#settings = options.settings;
    this.#readOsIdle = options.readOsIdle;
    this.#now = options.now ?? Date.now;
  }

  /** `POST /presence`: the system idle time the desktop app read (Electron's powerMonitor). */
  reportDesktopIdle(idleSeconds: number): void {
    this.#desktop = { idleSeconds, at: this.#now() };
  }

  async current(): Promise<Presence> {
    const mode = this.#settings().away;
    if (mode !== 'auto') {
      // Set by hand: no OS reading is needed, but the desktop app's figure is shown if it has one.
      return { away: mode === 'on', signal: 'manual', idleSeconds: this.#desktopIdle() };
    }
    const desktop = this.#desktopIdle();
    const reading =
      desktop !== null ? { signal: 'desktop-app' as const, idleSeconds: desktop } : await this.#osIdle();
    if (!reading) return { away: false, signal: 'none', idleSeconds: null };
    return {
      away: reading.idleSeconds >= this.#settings().idleSeconds,
      signal: reading.signal,
      idleSeconds: Math.round(reading.idleSeconds),
    };
  }

  /** The desktop app's idle time now (its report plus the time since), while it is trusted. */
  #desktopIdle(): number | null {
    if (!this.#desktop) return null;
    const age = this.#now() - this.#desktop.at;
    if (age < 0 || age > DESKTOP_REPORT_TRUST_MS) return null;
    return Math.round(this.#desktop.idleSeconds + age / 1000);
  }

  #osIdle(): Promise<OsIdle | null> {
    const now = this.#now();
    if (this.#os && now - this.#os.at < OS_IDLE_CACHE_MS) return this.#os.reading;
    const reading = this.#readOsIdle().catch(() => null);
    this.#os = { reading, at: now };
    return reading;
  }
}
