import { DEFAULT_PERMISSION_CALL_SETTINGS, type PermissionCallSettings } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { OsIdle } from './os-idle';
import { PresenceMonitor } from './presence-monitor';

function world(os: OsIdle | null = null, overrides: Partial<PermissionCallSettings> = {}) {
  let now = 1_000_000;
  let settings: PermissionCallSettings = { ...DEFAULT_PERMISSION_CALL_SETTINGS, ...overrides };
  let reads = 0;
  let osIdle = os;
  const monitor = new PresenceMonitor({
    settings: () => settings,
    readOsIdle: async () => {
      reads += 1;
      return osIdle;
    },
    now: () => now,
  });
  return {
    monitor,
    advance: (ms: number) => {
      now += ms;
    },
    set: (next: Partial<PermissionCallSettings>) => {
      settings = { ...settings, ...next };
    },
    setOs: (next: OsIdle | null) => {
      osIdle = next;
    },
    reads: () => reads,
  };
}

describe('PresenceMonitor', () => {
  it('counts the user at the computer when nothing gives the idle time', async () => {
    const { monitor } = world(null);
    expect(await monitor.current()).toEqual({ away: false, signal: 'none', idleSeconds: null });
  });

  it('reads the OS idle time against idleSeconds', async () => {
    const w = world({ signal: 'macos-hid', idleSeconds: 59.6 });
    expect(await w.monitor.current()).toEqual({ away: false, signal: 'macos-hid', idleSeconds: 60 });
    w.setOs({ signal: 'macos-hid', idleSeconds: 61 });
    w.advance(10_000);
    expect(await w.monitor.current()).toEqual({ away: true, signal: 'macos-hid', idleSeconds: 61 });
    w.set({ idleSeconds: 300 });
    expect((await w.monitor.current()).away).toBe(false);
  });

  it('reads the OS once for the checks of a few seconds', async () => {
    const w = world({ signal: 'windows-last-input', idleSeconds: 5 });
    await Promise.all([w.monitor.current(), w.monitor.current(), w.monitor.current()]);
    w.advance(4_000);
    await w.monitor.current();
    expect(w.reads()).toBe(1);
    w.advance(2_000);
    await w.monitor.current();
    expect(w.reads()).toBe(2);
  });

  it("prefers the desktop app's report for two minutes, counting the time since", async () => {
    const w = world({ signal: 'linux-session', idleSeconds: 5 });
    w.monitor.reportDesktopIdle(40);
    expect(await w.monitor.current()).toEqual({ away: false, signal: 'desktop-app', idleSeconds: 40 });
    w.advance(30_000);
    expect(await w.monitor.current()).toEqual({ away: true, signal: 'desktop-app', idleSeconds: 70 });
    expect(w.reads()).toBe(0);
    // The app stopped reporting (quit, crashed): the OS speaks again.
    w.advance(91_000);
    expect(await w.monitor.current()).toEqual({ away: false, signal: 'linux-session', idleSeconds: 5 });
  });

  it("takes the user's own word over any idle time", async () => {
    const w = world({ signal: 'macos-hid', idleSeconds: 9999 });
    w.set({ away: 'off' });
    expect(await w.monitor.current()).toEqual({ away: false, signal: 'manual', idleSeconds: null });
    w.monitor.reportDesktopIdle(3);
    w.set({ away: 'on' });
    expect(await w.monitor.current()).toEqual({ away: true, signal: 'manual', idleSeconds: 3 });
    expect(w.reads()).toBe(0);
    w.set({ away: 'auto' });
    expect(await w.monitor.current()).toMatchObject({ away: false, signal: 'desktop-app' });
  });

  it('counts a failing reader as no signal', async () => {
    const monitor = new PresenceMonitor({
      settings: () => DEFAULT_PERMISSION_CALL_SETTINGS,
      readOsIdle: async () => {
        throw new Error('spawn EAGAIN');
      },
    });
    expect(await monitor.current()).toEqual({ away: false, signal: 'none', idleSeconds: null });
  });
});
