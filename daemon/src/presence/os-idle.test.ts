import { describe, expect, it } from 'vitest';
import {
  osIdleReader,
  parseHidIdleTime,
  parseMilliseconds,
  parseMutterIdletime,
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

describe('osIdleReader', () => {
  it('macOS: ioreg -c IOHIDSystem, with a short deadline', async () => {
    const { run, calls } = fakeRun({ ioreg: { code: 0, stdout: IOREG } });
    expect(await osIdleReader('darwin', run)()).toEqual({ signal: 'macos-hid', idleSeconds: 73.512983041 });
    expect(calls).toEqual([{ command: 'ioreg', args: ['-c', 'IOHIDSystem'], timeoutMs: 2000 }]);
  });

  it('Windows: PowerShell with a deadline; nothing when it fails or says nothing', async () => {
    const { run, calls } = fakeRun({ 'powershell.exe': { code: 0, stdout: '4200\r\n' } });
    expect(await osIdleReader('win32', run)()).toEqual({ signal: 'windows-last-input', idleSeconds: 4.2 });
    expect(calls[0]?.timeoutMs).toBe(6000);
    // Killed at its deadline, or no last input to read (a service session): no signal.
    expect(await osIdleReader('win32', fakeRun({}).run)()).toBeNull();
    const silent = fakeRun({ 'powershell.exe': { code: 0, stdout: '' } });
    expect(await osIdleReader('win32', silent.run)()).toBeNull();
  });

  it("Linux: GNOME's idle monitor first, then xprintidle, else nothing", async () => {
    const gnome = fakeRun({
      gdbus: { code: 0, stdout: '(uint64 90000,)\n' },
      xprintidle: { code: 0, stdout: '5\n' },
    });
    expect(await osIdleReader('linux', gnome.run)()).toEqual({ signal: 'linux-session', idleSeconds: 90 });
    expect(gnome.calls.map((call) => call.command)).toEqual(['gdbus']);
    expect(gnome.calls[0]?.args).toContain('org.gnome.Mutter.IdleMonitor.GetIdletime');
    expect(gnome.calls[0]?.args).toContain('--session');

    const x11 = fakeRun({ gdbus: { code: 1, stdout: '' }, xprintidle: { code: 0, stdout: '125000\n' } });
    expect(await osIdleReader('linux', x11.run)()).toEqual({ signal: 'linux-session', idleSeconds: 125 });
    expect(x11.calls.map((call) => [call.command, call.timeoutMs])).toEqual([
      ['gdbus', 2000],
      ['xprintidle', 2000],
    ]);

    // A server or a container: no session bus, no xprintidle.
    expect(await osIdleReader('linux', fakeRun({}).run)()).toBeNull();
  });

  it('other systems have no reader', async () => {
    const { run, calls } = fakeRun({});
    expect(await osIdleReader('freebsd', run)()).toBeNull();
    expect(calls).toEqual([]);
  });
});
