import { describe, expect, it } from 'vitest';
import type { ShellWindow } from '../electron-api';
import { type FakeWindow, fakeElectron } from '../main/fake-electron';
import { createCallAlert } from './call-alert';

const CALL = { eventId: 'evt-1', title: 'Claude Code · billing-api', body: 'The migration is done.' };

function alertOn(platform: 'linux' | 'darwin' | 'win32' = 'linux') {
  const fake = fakeElectron(platform);
  const window = fake.api.createWindow({}) as unknown as FakeWindow;
  const showWindow = () => {
    window.show();
    window.focus();
  };
  const alert = createCallAlert({
    electron: fake.api,
    app: fake.api.app,
    platform,
    window: window as unknown as ShellWindow,
    showWindow,
    iconPath: '/icons/ringback.png',
  });
  return { fake, window, alert };
}

describe('a call ringing with the window hidden', () => {
  it('shows a critical notification that stays, silent beside the ringtone', () => {
    const { fake, alert } = alertOn();
    alert.ringing(CALL);
    expect(fake.notifications).toHaveLength(1);
    const notification = fake.notifications[0];
    expect(notification?.options).toEqual({
      title: 'Claude Code · billing-api',
      body: 'The migration is done.',
      urgency: 'critical',
      timeoutType: 'never',
      silent: true,
      icon: '/icons/ringback.png',
    });
    expect(notification?.shown).toBe(true);
  });

  it('brings the window up without taking the keyboard, and flashes its frame', () => {
    const { window, alert } = alertOn();
    alert.ringing(CALL);
    expect(window.calls).toEqual(['showInactive', 'moveTop']);
    expect(window.flashing).toBe(true);
  });

  it('a click on the notification shows and focuses the window and tells the renderer the call', () => {
    const { fake, window, alert } = alertOn();
    alert.ringing(CALL);
    fake.notifications[0]?.emit('click');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    expect(window.webContents.sent).toEqual([['calls:show', 'evt-1']]);
    expect(fake.notifications[0]?.closed).toBe(true);
    expect(window.flashing).toBe(false);
  });

  it('the notification goes and the flashing stops when the call stops', () => {
    const { fake, window, alert } = alertOn();
    alert.ringing(CALL);
    alert.ringing({ ...CALL, eventId: 'evt-2' });
    alert.stopped('evt-1');
    expect(fake.notifications[0]?.closed).toBe(true);
    expect(window.flashing).toBe(true);
    alert.stopped('evt-2');
    expect(fake.notifications[1]?.closed).toBe(true);
    expect(window.flashing).toBe(false);
  });

  it('bounces the dock critically on macOS until the window is focused', () => {
    const { fake, window, alert } = alertOn('darwin');
    alert.ringing(CALL);
    expect(fake.app.bounces).toEqual(['critical']);
    window.focus();
    expect(fake.app.cancelledBounces).toEqual([1]);
  });

  it('a call ringing again replaces its notification', () => {
    const { fake, alert } = alertOn();
    alert.ringing(CALL);
    alert.ringing(CALL);
    expect(fake.notifications.map((notification) => notification.closed)).toEqual([true, false]);
  });
});

describe('a call ringing with the window in front', () => {
  it('needs nothing from main: the window already rings', () => {
    const { fake, window, alert } = alertOn();
    window.show();
    window.focus();
    window.calls.length = 0;
    alert.ringing(CALL);
    expect(fake.notifications).toHaveLength(0);
    expect(window.calls).toEqual([]);
    expect(window.flashing).toBe(false);
  });

  it('still notifies when the window is visible but another app has the focus', () => {
    const { fake, window, alert } = alertOn();
    window.show();
    alert.ringing(CALL);
    expect(fake.notifications).toHaveLength(1);
  });
});
