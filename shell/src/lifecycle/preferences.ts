import type { DesktopPreferences } from '@ringback/protocol';
import type { LoginItem } from './login-item';
import type { ShellStore } from './shell-store';

export interface Preferences {
  get(): DesktopPreferences;
  set(change: Partial<DesktopPreferences>): Promise<DesktopPreferences>;
}

/**
 * The desktop's two preferences, kept in the shell store. Closing to the tray defaults to on
 * where a tray can be seen and off where it cannot (closing then quits); opening at login
 * defaults to off until the user asks. Only booleans are taken (main never trusts the renderer's
 * shapes); the login item follows every change of `openAtLogin`.
 */
export function createPreferences(o: {
  store: ShellStore;
  trayAvailable: boolean;
  loginItem: LoginItem;
}): Preferences {
  const get = (): DesktopPreferences => ({
    closeToTray: o.store.get('closeToTray') ?? o.trayAvailable,
    openAtLogin: o.store.get('openAtLogin') ?? false,
  });
  return {
    get,
    async set(change) {
      if (typeof change.closeToTray === 'boolean') o.store.set('closeToTray', change.closeToTray);
      if (typeof change.openAtLogin === 'boolean') {
        await o.loginItem.apply(change.openAtLogin);
        o.store.set('openAtLogin', change.openAtLogin);
      }
      return get();
    },
  };
}
