import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  osIdleReader,
  parseHidIdleTime,
  parseMilliseconds,
  parseMutterIdletime,
  parseSessionIdleTime,
  WINDOWS_IDLE_SCRIPT,
  windowsIdleArgs,
} from './os-idle';
import type { DeadlineResult, DeadlineRunner } from './run-with-deadline';

/** `ioreg -c IOHIDSystem` as macOS prints it (trimmed): the entry's properties, one per line. */
const IOREG = `+-o Root  <class IORegistryEntry, id 0x100000100, retain 26>
  +-o J314sAP  <class IOPlatformExpertDevice, id 0x100000110, registered, matched, active, busy 0 (288425 ms), retain 38>
    +-o IOResources  <class IOResources, id 0x100000113, registered, matched, active, busy 0 (6 ms), retain 52>
      +-o IOHIDSystem  <class IOHIDSystem, id 0x10000057f, registered, matched, active, busy 0 (0 ms), retain 22>
      | {
      |   "IOClass" = "IOHIDSystem"
      |   "HIDScrollCountMinDeltaToStart" = 30
      |   "HIDIdleTime" = 73512983041
      |   "HIDParameters" = {"HIDScrollCountMinDeltaToStart"=30,"HIDKeyRepeat"=83333333,"HIDClickTime"=500000000}
      |   "IOProviderClass" = "IOResources"
      |   "HIDPointerAcceleration" = 45056
      | }
      |
`;

describe('OS idle output', () => {
  it('reads macOS HIDIdleTime (nanoseconds), the smallest of several entries', () => {
    expect(parseHidIdleTime(IOREG)).toBeCloseTo(73.513, 3);
    expect(parseHidIdleTime(`${IOREG}\n  |   "HIDIdleTime" = 2000000000\n`)).toBe(2);
    expect(parseHidIdleTime('"HIDIdleTime"=7000000000')).toBe(7);
    expect(parseHidIdleTime('+-o IOHIDSystem\n  | {\n  | }\n')).toBeNull();
  });

  it("reads gdbus's answer to Mutter's GetIdletime (milliseconds)", () => {
    expect(parseMutterIdletime('(uint64 184512,)\n')).toBe(184.512);
    expect(parseMutterIdletime('(uint64 0,)')).toBe(0);
    expect(
      parseMutterIdletime(
        'Error: GDBus.Error:org.freedesktop.DBus.Error.ServiceUnknown: The name is not activatable\n',
      ),
    ).toBeNull();
  });

  it("reads gdbus's answer to ScreenSaver's GetSessionIdleTime as milliseconds", () => {
    expect(parseSessionIdleTime('(uint32 42500,)\n')).toBe(42.5);
    expect(
      parseSessionIdleTime(
        'Error: GDBus.Error:org.freedesktop.DBus.Error.NotSupported: GetSessionIdleTime is not supported on this platform\n',
      ),
    ).toBeNull();
  });

  it('reads a count of milliseconds (xprintidle, the PowerShell snippet with its CRLF)', () => {
    expect(parseMilliseconds('61250\n')).toBe(61.25);
    expect(parseMilliseconds('1500\r\n')).toBe(1.5);
    expect(parseMilliseconds("couldn't open display\n")).toBeNull();
    expect(parseMilliseconds('')).toBeNull();
  });

  it('passes the Windows snippet encoded, so no quoting can break it', () => {
    const args = windowsIdleArgs();
    expect(args.slice(0, 5)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    const script = Buffer.from(args[5] as string, 'base64').toString('utf16le');
    expect(script).toBe(WINDOWS_IDLE_SCRIPT);
    expect(script).toContain('GetLastInputInfo');
  });
});

/** A runner answering by program name, recording what ran and with which deadline. */
function fakeRun(answers: Record<string, DeadlineResult>) {
  const calls: { command: string; args: string[]; timeoutMs: number }[] = [];
  const run: DeadlineRunner = async (command, args, timeoutMs) => {
    calls.push({ command, args, timeoutMs });
    return answers[command] ?? { code: null, stdout: '' };
  };
  return { run, calls };
}

/** An X11 session's environment. */
const X11 = { DISPLAY: ':0', XDG_SESSION_TYPE: 'x11' };

/**
 * A runner where `gdbus` answers by the service called (`--dest`), as a session bus would: an
 * absent service fails (exit 1); other programs answer from `others`.
 */
function busRun(services: Record<string, string>, others: Record<string, DeadlineResult> = {}) {
  const calls: { command: string; args: string[]; timeoutMs: number }[] = [];
  const run: DeadlineRunner = async (command, args, timeoutMs) => {
    calls.push({ command, args, timeoutMs });
    if (command !== 'gdbus') return others[command] ?? { code: null, stdout: '' };
    const answer = services[args[args.indexOf('--dest') + 1] ?? ''];
    return answer === undefined ? { code: 1, stdout: '' } : { code: 0, stdout: answer };
  };
  return { run, calls };
}

describe('osIdleReader', () => {
  it('macOS: ioreg -c IOHIDSystem, with a short deadline', async () => {
    const { run, calls } = fakeRun({ ioreg: { code: 0, stdout: IOREG } });
    expect(await osIdleReader('darwin', run, {})()).toEqual({
      signal: 'macos-hid',
      idleSeconds: 73.512983041,
    });
    expect(calls).toEqual([{ command: 'ioreg', args: ['-c', 'IOHIDSystem'], timeoutMs: 2000 }]);
  });

  it('Windows: PowerShell with a deadline; nothing when it fails or says nothing', async () => {
    const { run, calls } = fakeRun({ 'powershell.exe': { code: 0, stdout: '4200\r\n' } });
    expect(await osIdleReader('win32', run, {})()).toEqual({
      signal: 'windows-last-input',
      idleSeconds: 4.2,
    });
    expect(calls[0]?.timeoutMs).toBe(6000);
    // Killed at its deadline, or no last input to read (a service session): no signal.
    expect(await osIdleReader('win32', fakeRun({}).run, {})()).toBeNull();
    const silent = fakeRun({ 'powershell.exe': { code: 0, stdout: '' } });
    expect(await osIdleReader('win32', silent.run, {})()).toBeNull();
  });

  it("Linux: GNOME's idle monitor first, then xprintidle, else nothing", async () => {
    const gnome = fakeRun({
      gdbus: { code: 0, stdout: '(uint64 90000,)\n' },
      xprintidle: { code: 0, stdout: '5\n' },
    });
    expect(await osIdleReader('linux', gnome.run, X11)()).toEqual({
      signal: 'linux-session',
      idleSeconds: 90,
    });
    expect(gnome.calls.map((call) => call.command)).toEqual(['gdbus']);
    expect(gnome.calls[0]?.args).toContain('org.gnome.Mutter.IdleMonitor.GetIdletime');
    expect(gnome.calls[0]?.args).toContain('--session');

    const x11 = fakeRun({ gdbus: { code: 1, stdout: '' }, xprintidle: { code: 0, stdout: '125000\n' } });
    expect(await osIdleReader('linux', x11.run, X11)()).toEqual({
      signal: 'linux-session',
      idleSeconds: 125,
    });
    expect(x11.calls.map((call) => [call.command, call.timeoutMs])).toEqual([
      ['gdbus', 2000],
      ['xprintidle', 2000],
    ]);

    // A server or a container: no session bus, no xprintidle.
    expect(await osIdleReader('linux', fakeRun({}).run, {})()).toBeNull();
  });

  it('Wayland: never xprintidle (XWayland sees only X clients), Mutter, then the ScreenSaver idle time', async () => {
    const xprintidle = { code: 0, stdout: '7200000\n' };
    for (const env of [
      { WAYLAND_DISPLAY: 'wayland-0', DISPLAY: ':0' },
      { XDG_SESSION_TYPE: 'wayland', DISPLAY: ':0' },
    ]) {
      // GNOME: Mutter's idle monitor counts every input, Wayland's too.
      const gnome = busRun({ 'org.gnome.Mutter.IdleMonitor': '(uint64 90000,)\n' }, { xprintidle });
      expect(await osIdleReader('linux', gnome.run, env)()).toEqual({
        signal: 'linux-session',
        idleSeconds: 90,
      });
      expect(gnome.calls.map((call) => call.command)).toEqual(['gdbus']);

      // KDE and others where it answers: org.freedesktop.ScreenSaver.GetSessionIdleTime.
      const kde = busRun({ 'org.freedesktop.ScreenSaver': '(uint32 42500,)\n' }, { xprintidle });
      expect(await osIdleReader('linux', kde.run, env)()).toEqual({
        signal: 'linux-session',
        idleSeconds: 42.5,
      });
      expect(kde.calls.map((call) => call.command)).toEqual(['gdbus', 'gdbus']);
      expect(kde.calls[1]?.args).toEqual([
        'call',
        '--session',
        '--dest',
        'org.freedesktop.ScreenSaver',
        '--object-path',
        '/org/freedesktop/ScreenSaver',
        '--method',
        'org.freedesktop.ScreenSaver.GetSessionIdleTime',
      ]);
      expect(kde.calls[1]?.timeoutMs).toBe(2000);

      // Neither answers (Plasma 6 refuses GetSessionIdleTime under Wayland, sway has no such
      // service): no signal, even though xprintidle would say two hours.
      const none = busRun({}, { xprintidle });
      expect(await osIdleReader('linux', none.run, env)()).toBeNull();
      expect(none.calls.map((call) => call.command)).not.toContain('xprintidle');
    }
  });

  it('X11 keeps xprintidle: an X server sees every input there', async () => {
    const runtimeDir = await mkdtemp(join(tmpdir(), 'ringback-runtime-'));
    const x11 = busRun({}, { xprintidle: { code: 0, stdout: '125000\n' } });
    for (const env of [
      { XDG_SESSION_TYPE: 'x11', DISPLAY: ':0', XDG_RUNTIME_DIR: runtimeDir },
      { DISPLAY: ':0', XDG_RUNTIME_DIR: runtimeDir },
    ]) {
      expect(await osIdleReader('linux', x11.run, env)()).toEqual({
        signal: 'linux-session',
        idleSeconds: 125,
      });
    }
    await rm(runtimeDir, { recursive: true, force: true });
  });

  it("a daemon started without the session's variables (a service, a login shell) still sees a Wayland compositor running", async () => {
    const runtimeDir = await mkdtemp(join(tmpdir(), 'ringback-runtime-'));
    // What a compositor leaves in the user's runtime dir: its socket, and a lock file beside it.
    const compositor = createServer();
    await new Promise<void>((resolve) => compositor.listen(join(runtimeDir, 'wayland-1'), resolve));
    const env = { DISPLAY: ':0', XDG_RUNTIME_DIR: runtimeDir };
    const none = busRun({}, { xprintidle: { code: 0, stdout: '7200000\n' } });
    expect(await osIdleReader('linux', none.run, env)()).toBeNull();
    expect(none.calls.map((call) => call.command)).not.toContain('xprintidle');
    await new Promise((resolve) => compositor.close(resolve));
    await rm(runtimeDir, { recursive: true, force: true });
  });

  it('other systems have no reader', async () => {
    const { run, calls } = fakeRun({});
    expect(await osIdleReader('freebsd', run, {})()).toBeNull();
    expect(calls).toEqual([]);
  });
});
