import { describe, expect, it } from 'vitest';
import { type FakeWindow, fakeElectron } from '../main/fake-electron';
import { handleWindowClose } from './close-behaviour';
import { createPreferences } from './preferences';
import { memoryShellStore } from './shell-store';
import { claimSingleInstance } from './single-instance';
import { isTrayAvailable } from './tray-availability';

function windowWithClose(closeToTray: () => boolean) {
  const fake = fakeElectron();
  const window = fake.api.createWindow({}) as unknown as FakeWindow;
  let saved = 0;
  handleWindowClose({
    app: fake.api.app,
    window: window as unknown as Parameters<typeof handleWindowClose>[0]['window'],
    closeToTray,
    beforeClose: () => {
      saved += 1;
    },
  });
  return { fake, window, saved: () => saved };
}

describe('closing the window', () => {
  it('hides it to the tray when closing to the tray', () => {
    const { fake, window, saved } = windowWithClose(() => true);
    window.show();
    expect(window.tryClose()).toBe(false);
    expect(window.visible).toBe(false);
    expect(fake.app.quitCalls).toBe(0);
    expect(saved()).toBe(1);
  });

  it('closes it, and the app quits, when not closing to the tray', () => {
    const { fake, window } = windowWithClose(() => false);
    expect(window.tryClose()).toBe(true);
    fake.app.emit('window-all-closed');
    expect(fake.app.quitCalls).toBe(1);
  });

  it('closes it when the app is quitting, even closing to the tray', () => {
    const { fake, window } = windowWithClose(() => true);
    fake.app.quit();
    expect(window.tryClose()).toBe(true);
  });

  it('follows the preference as it changes', () => {
    let toTray = true;
    const { window } = windowWithClose(() => toTray);
    expect(window.tryClose()).toBe(false);
    toTray = false;
    expect(window.tryClose()).toBe(true);
  });
});

describe('preferences', () => {
  const loginItem = () => {
    const applied: boolean[] = [];
    return {
      applied,
      item: {
        apply: async (open: boolean) => void applied.push(open),
        systemSetting: () => null,
        awaitingApproval: () => false,
      },
    };
  };

  it('close to the tray by default where a tray is seen, quit by default where none is', () => {
    const store = memoryShellStore();
    expect(createPreferences({ store, trayAvailable: true, loginItem: loginItem().item }).get()).toEqual({
      closeToTray: true,
      openAtLogin: false,
    });
    expect(
      createPreferences({ store, trayAvailable: false, loginItem: loginItem().item }).get().closeToTray,
    ).toBe(false);
  });

  it("keeps the user's choice over the default, and applies open at login", async () => {
    const store = memoryShellStore();
    const { applied, item } = loginItem();
    const preferences = createPreferences({ store, trayAvailable: false, loginItem: item });
    expect(await preferences.set({ closeToTray: true, openAtLogin: true })).toEqual({
      closeToTray: true,
      openAtLogin: true,
    });
    expect(applied).toEqual([true]);
    expect(createPreferences({ store, trayAvailable: false, loginItem: item }).get()).toEqual({
      closeToTray: true,
      openAtLogin: true,
    });
  });

  it("keeps the user's wish while macOS waits for their approval, and says it waits", async () => {
    const store = memoryShellStore();
    let waiting = false;
    const item = {
      apply: async (open: boolean) => {
        waiting = open;
      },
      systemSetting: () => null,
      awaitingApproval: () => waiting,
    };
    const preferences = createPreferences({ store, trayAvailable: true, loginItem: item });
    expect(await preferences.set({ openAtLogin: true })).toEqual({
      closeToTray: true,
      openAtLogin: true,
      openAtLoginAwaitsApproval: true,
    });
    preferences.followSystem();
    expect(store.get('openAtLogin')).toBe(true);
    expect(await preferences.set({ openAtLogin: false })).toEqual({ closeToTray: true, openAtLogin: false });
  });

  it('ignores values that are not booleans', async () => {
    const { applied, item } = loginItem();
    const preferences = createPreferences({
      store: memoryShellStore(),
      trayAvailable: true,
      loginItem: item,
    });
    const change = { closeToTray: 'no', openAtLogin: 1 } as unknown as Parameters<typeof preferences.set>[0];
    expect(await preferences.set(change)).toEqual({ closeToTray: true, openAtLogin: false });
    expect(applied).toEqual([]);
  });
});

describe('single instance', () => {
  it('the first launch keeps the lock and shows its window when launched again', () => {
    const fake = fakeElectron();
    let shown = 0;
    const show = () => {
      shown += 1;
    };
    expect(claimSingleInstance(fake.api.app, show)).toBe(true);
    fake.app.emit('second-instance', {}, ['ringback'], '/');
    expect(shown).toBe(1);
    expect(fake.app.quitCalls).toBe(0);
  });

  it('a second launch quits at once', () => {
    const fake = fakeElectron();
    fake.app.lockGranted = false;
    expect(claimSingleInstance(fake.api.app, () => undefined)).toBe(false);
    expect(fake.app.quitCalls).toBe(1);
  });
});

describe('isTrayAvailable', () => {
  it('is true on macOS and Windows', () => {
    expect(isTrayAvailable('darwin', {})).toBe(true);
    expect(isTrayAvailable('win32', {})).toBe(true);
  });

  it('guesses from XDG_CURRENT_DESKTOP on Linux', () => {
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'GNOME' })).toBe(false);
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'ubuntu:GNOME' })).toBe(true);
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'KDE' })).toBe(true);
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'XFCE' })).toBe(true);
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'X-Cinnamon' })).toBe(true);
    expect(isTrayAvailable('linux', {})).toBe(false);
  });

  it('lets RINGBACK_TRAY override the guess', () => {
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'GNOME', RINGBACK_TRAY: '1' })).toBe(true);
    expect(isTrayAvailable('linux', { XDG_CURRENT_DESKTOP: 'KDE', RINGBACK_TRAY: '0' })).toBe(false);
  });

  it('follows the system where it keeps the login item, storing what it says', async () => {
    const store = memoryShellStore({ openAtLogin: true });
    let system: boolean | null = false;
    const item = {
      apply: async (open: boolean) => {
        system = open;
      },
      systemSetting: () => system,
      awaitingApproval: () => false,
    };
    const preferences = createPreferences({ store, trayAvailable: true, loginItem: item });
    expect(preferences.get().openAtLogin).toBe(false);
    expect(store.get('openAtLogin')).toBe(false);
    system = true;
    preferences.followSystem();
    expect(store.get('openAtLogin')).toBe(true);
    system = null;
    expect(await preferences.set({ openAtLogin: false })).toMatchObject({ openAtLogin: false });
  });
});
