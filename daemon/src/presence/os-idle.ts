import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PresenceSignal } from '@ringback/protocol';
import type { DeadlineRunner } from './run-with-deadline';

/** The computer's idle time as the operating system gives it. */
export interface OsIdle {
  signal: Extract<PresenceSignal, 'macos-hid' | 'windows-last-input' | 'linux-session'>;
  idleSeconds: number;
}

/** Reads the OS idle time, or null where this session does not give it. */
export type OsIdleReader = () => Promise<OsIdle | null>;

/** `ioreg` answers in tens of milliseconds; gdbus and xprintidle too. */
const QUICK_DEADLINE_MS = 2000;
/** PowerShell starts slowly (and compiles the snippet): seconds on a cold start. */
const POWERSHELL_DEADLINE_MS = 6000;

/**
 * `ioreg -c IOHIDSystem`: `"HIDIdleTime" = 4783261583` (nanoseconds since the last input). A
 * machine may list more than one IOHIDSystem entry: the smallest is the latest input.
 */
export function parseHidIdleTime(output: string): number | null {
  const values = [...output.matchAll(/"HIDIdleTime"\s*=\s*(\d+)/g)].map((match) => Number(match[1]));
  return values.length > 0 ? Math.min(...values) / 1e9 : null;
}

/** gdbus's answer to Mutter's `IdleMonitor.GetIdletime`: `(uint64 5123,)` (milliseconds). */
export function parseMutterIdletime(output: string): number | null {
  const match = /^\(\s*(?:uint64\s+)?(\d+)\s*,?\s*\)\s*$/.exec(output.trim());
  return match?.[1] ? Number(match[1]) / 1000 : null;
}

/**
 * gdbus's answer to `org.freedesktop.ScreenSaver.GetSessionIdleTime`: `(uint32 5123,)`. Read
 * as milliseconds, as KDE's screen locker answers it (KIdleTime). The old freedesktop draft said
 * seconds: an implementation that follows it reads 1000 times shorter, so the user looks at the
 * computer, never away (the safe side: the agent's own prompt).
 */
export function parseSessionIdleTime(output: string): number | null {
  const match = /^\(\s*(?:uint32\s+)?(\d+)\s*,?\s*\)\s*$/.exec(output.trim());
  return match?.[1] ? Number(match[1]) / 1000 : null;
}

/**
 * Whether this is a Wayland session. There `xprintidle` asks XWayland, which sees only the input
 * given to X clients: someone typing in Wayland windows would look idle for hours. The session's
 * variables say so where the daemon inherited them; a daemon started without them (a service, a
 * login shell over ssh, with `DISPLAY` only) still finds a compositor's socket in the user's
 * runtime dir. An X11 session says so by name.
 */
export function isWaylandSession(env: NodeJS.ProcessEnv): boolean {
  if (env.XDG_SESSION_TYPE === 'wayland' || env.WAYLAND_DISPLAY) return true;
  if (env.XDG_SESSION_TYPE === 'x11') return false;
  const uid = process.getuid?.();
  const runtimeDir = env.XDG_RUNTIME_DIR || (uid === undefined ? undefined : `/run/user/${uid}`);
  return runtimeDir !== undefined && hasWaylandSocket(runtimeDir);
}

/** A compositor listens on `wayland-<n>` (a lock file `wayland-<n>.lock` lies beside it). */
function hasWaylandSocket(runtimeDir: string): boolean {
  try {
    return readdirSync(runtimeDir).some(
      (name) => /^wayland-\d+$/.test(name) && lstatSync(join(runtimeDir, name)).isSocket(),
    );
  } catch {
    return false;
  }
}

/** A plain count of milliseconds on a line of its own (`xprintidle`, our PowerShell snippet). */
export function parseMilliseconds(output: string): number | null {
  const text = output.trim();
  return /^\d+$/.test(text) ? Number(text) / 1000 : null;
}

/**
 * The PowerShell snippet that prints the milliseconds since this session's last input
 * (`GetLastInputInfo`; the tick count wraps every 49.7 days, so the difference is taken on 32 bits).
 */
export const WINDOWS_IDLE_SCRIPT = [
  "Add-Type -TypeDefinition 'using System; using System.Runtime.InteropServices;",
  'public static class RingbackIdle {',
  '  [StructLayout(LayoutKind.Sequential)] struct LastInputInfo { public uint cbSize; public uint dwTime; }',
  '  [DllImport("user32.dll")] static extern bool GetLastInputInfo(ref LastInputInfo info);',
  '  public static uint Milliseconds() {',
  '    var info = new LastInputInfo(); info.cbSize = (uint)Marshal.SizeOf(info);',
  '    if (!GetLastInputInfo(ref info)) return uint.MaxValue;',
  '    return unchecked((uint)Environment.TickCount - info.dwTime);',
  "  } }'",
  '$ms = [RingbackIdle]::Milliseconds(); if ($ms -ne [uint32]::MaxValue) { [Console]::Out.WriteLine($ms) }',
].join('\n');

/**
 * Passed as `-EncodedCommand` (UTF-16LE, base64): no quoting survives Windows' command-line
 * rules as is, and an encoded command needs none.
 */
export function windowsIdleArgs(): string[] {
  return [
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
    Buffer.from(WINDOWS_IDLE_SCRIPT, 'utf16le').toString('base64'),
  ];
}

const MUTTER_ARGS = [
  'call',
  '--session',
  '--dest',
  'org.gnome.Mutter.IdleMonitor',
  '--object-path',
  '/org/gnome/Mutter/IdleMonitor/Core',
  '--method',
  'org.gnome.Mutter.IdleMonitor.GetIdletime',
];

const SCREENSAVER_ARGS = [
  'call',
  '--session',
  '--dest',
  'org.freedesktop.ScreenSaver',
  '--object-path',
  '/org/freedesktop/ScreenSaver',
  '--method',
  'org.freedesktop.ScreenSaver.GetSessionIdleTime',
];

/**
 * The OS idle reader for `platform`, each command with a deadline, null on failure: macOS's HID
 * idle time (`ioreg`); Windows' last input (`GetLastInputInfo` through PowerShell); on Linux,
 * GNOME's Mutter idle monitor on the session bus (`gdbus`), then, in a Wayland session (`env`),
 * the session bus's `org.freedesktop.ScreenSaver` idle time where it answers and nothing else,
 * or, in an X11 session, `xprintidle` where it is installed and an X display is reachable.
 * Other systems have none.
 */
export function osIdleReader(
  platform: NodeJS.Platform,
  run: DeadlineRunner,
  env: NodeJS.ProcessEnv,
): OsIdleReader {
  const attempt = async (
    signal: OsIdle['signal'],
    command: string,
    args: string[],
    deadlineMs: number,
    parse: (output: string) => number | null,
  ): Promise<OsIdle | null> => {
    const result = await run(command, args, deadlineMs);
    if (result.code !== 0) return null;
    const idleSeconds = parse(result.stdout);
    return idleSeconds === null || !Number.isFinite(idleSeconds) ? null : { signal, idleSeconds };
  };
  switch (platform) {
    case 'darwin':
      return () => attempt('macos-hid', 'ioreg', ['-c', 'IOHIDSystem'], QUICK_DEADLINE_MS, parseHidIdleTime);
    case 'win32':
      return () =>
        attempt(
          'windows-last-input',
          'powershell.exe',
          windowsIdleArgs(),
          POWERSHELL_DEADLINE_MS,
          parseMilliseconds,
        );
    case 'linux':
      return async () =>
        (await attempt('linux-session', 'gdbus', MUTTER_ARGS, QUICK_DEADLINE_MS, parseMutterIdletime)) ??
        (isWaylandSession(env)
          ? await attempt('linux-session', 'gdbus', SCREENSAVER_ARGS, QUICK_DEADLINE_MS, parseSessionIdleTime)
          : await attempt('linux-session', 'xprintidle', [], QUICK_DEADLINE_MS, parseMilliseconds));
    default:
      return async () => null;
  }
}
