import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellWindow } from '../electron-api';
import { type FakeWindow, fakeElectron, fakeEvent } from '../main/fake-electron';
import { createShellTray } from '../tray/shell-tray';
import { recoverRenderer } from './renderer-recovery';
import {
  HANG_GRACE_MS,
  RELOAD_MAX_MS,
  type RecoveryNotice,
  reloadDelayMs,
  STABLE_MS,
} from './renderer-recovery-machine';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function watched(tell?: (notice: RecoveryNotice | null) => void) {
  const fake = fakeElectron();
  const window = fake.api.createWindow({}) as unknown as FakeWindow;
  const notices: (RecoveryNotice | null)[] = [];
  const recovery = recoverRenderer(window as unknown as ShellWindow, (notice) => {
    notices.push(notice);
    tell?.(notice);
  });
  const gone = (reason: Electron.RenderProcessGoneDetails['reason'] = 'crashed') =>
    window.webContents.emit('render-process-gone', fakeEvent(), { reason, exitCode: 1 });
  return { fake, window, notices, recovery, gone };
}

describe('recoverRenderer', () => {
  it('reloads the app after a crash, once the backoff has passed, and says so', async () => {
    const { window, notices, gone } = watched();
    gone('crashed');
    expect(notices).toEqual(['restarting']);
    await vi.advanceTimersByTimeAsync(reloadDelayMs(0) - 1);
    expect(window.loaded).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(window.loaded).toEqual(['app://ringback/']);
    expect(notices).toEqual(['restarting', 'restarted']);
  });

  it('backs off on repeated crashes (1 s, 2 s, 4 s … at most a minute) and never storms', async () => {
    const { window, gone } = watched();
    expect([0, 1, 2, 5, 6, 20].map(reloadDelayMs)).toEqual([1_000, 2_000, 4_000, 32_000, 60_000, 60_000]);
    for (let restart = 0; restart < 8; restart++) {
      // A burst of reports while a reload is pending still makes one reload.
      gone('crashed');
      gone('oom');
      gone('abnormal-exit');
      const delay = Math.min(RELOAD_MAX_MS, 1_000 * 2 ** restart);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(window.loaded).toHaveLength(restart);
      await vi.advanceTimersByTimeAsync(1);
      expect(window.loaded).toHaveLength(restart + 1);
    }
  });

  it('starts the backoff over once the window has run stably, and clears the tray line', async () => {
    const { window, notices, gone } = watched();
    for (let i = 0; i < 3; i++) {
      gone();
      await vi.advanceTimersByTimeAsync(reloadDelayMs(i));
    }
    expect(window.loaded).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(STABLE_MS);
    expect(notices.at(-1)).toBeNull();
    gone();
    await vi.advanceTimersByTimeAsync(reloadDelayMs(0));
    expect(window.loaded).toHaveLength(4);
  });

  it('does nothing after a clean exit', async () => {
    const { window, notices, gone } = watched();
    gone('clean-exit');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(window.loaded).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('restarts a page that hangs past the grace period: killed, then reloaded', async () => {
    const { window, notices } = watched();
    window.emit('unresponsive');
    await vi.advanceTimersByTimeAsync(HANG_GRACE_MS - 1);
    expect(window.webContents.killedByShell).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    // The kill's own render-process-gone does not schedule a second reload.
    expect(window.webContents.killedByShell).toBe(1);
    await vi.advanceTimersByTimeAsync(reloadDelayMs(0));
    expect(window.loaded).toEqual(['app://ringback/']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(window.loaded).toHaveLength(1);
    expect(notices).toEqual(['restarting', 'restarted', null]);
  });

  it('leaves a page alone that answers again within the grace period', async () => {
    const { window, notices } = watched();
    window.emit('unresponsive');
    await vi.advanceTimersByTimeAsync(HANG_GRACE_MS / 2);
    window.emit('responsive');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(window.webContents.killedByShell).toBe(0);
    expect(window.loaded).toEqual([]);
    expect(notices).toEqual([]);
  });

  it('stops with the window or the app', async () => {
    const closed = watched();
    closed.gone();
    closed.window.emit('closed');
    await vi.advanceTimersByTimeAsync(RELOAD_MAX_MS);
    expect(closed.window.loaded).toEqual([]);

    const quitting = watched();
    quitting.recovery.stop();
    quitting.gone();
    await vi.advanceTimersByTimeAsync(RELOAD_MAX_MS);
    expect(quitting.window.loaded).toEqual([]);
  });
});

describe('the tray while the window is restarted', () => {
  it('says the window stopped and is restarting, then that it was restarted, in the interface language', async () => {
    const fake = fakeElectron();
    const tray = createShellTray(
      fake.api,
      '/icon.png',
      { connected: true, missed: 0, language: 'en' },
      {
        show: () => {},
        quit: () => {},
      },
    );
    const { gone } = watched((notice) => tray.recovery(notice));
    const icon = fake.trays[0];
    const line = () => icon?.menu.find((item) => item.id === 'recovery')?.label;
    expect(line()).toBeUndefined();
    gone();
    expect(line()).toBe('The window stopped; restarting…');
    expect(icon?.toolTip).toBe('Ringback: Connected\nThe window stopped; restarting…');
    await vi.advanceTimersByTimeAsync(reloadDelayMs(0));
    expect(line()).toBe('The window stopped and was restarted');
    tray.update({ connected: true, missed: 0, language: 'zh' });
    expect(line()).toBe('窗口已停止，已重新启动');
    await vi.advanceTimersByTimeAsync(STABLE_MS);
    expect(line()).toBeUndefined();
    expect(icon?.toolTip).not.toContain('\n');
  });
});
