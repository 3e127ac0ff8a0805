import type { DesktopPreferenceChange, DesktopPreferences } from '@ringback/protocol';
import type { LoginItem } from './login-item';
import type { ShellStore } from './shell-store';

export interface Preferences {
  get(): DesktopPreferences;
  set(change: DesktopPreferenceChange): Promise<DesktopPreferences>;
  /** Stores what the system says about opening at login, where the user can change it there. */
  followSystem(): void;
}

/**
 * The desktop's two preferences, kept in the shell store. Closing to the tray defaults to on
 * where a tray can be seen and off where it cannot (closing then quits); opening at login
 * defaults to off until the user asks. Only booleans are taken (main never trusts the renderer's
 * shapes); the login item follows every change of `openAtLogin`, and where the system keeps the
 * login item (macOS) the stored choice follows the system's, read again on every `get`; while
 * macOS waits for the user to approve the login item, the choice stands and `get` says it waits.
 */
export function createPreferences(o: {
  store: ShellStore;
  trayAvailable: boolean;
  loginItem: LoginItem;
}): Preferences {
  const stored = (): DesktopPreferences => ({
    closeToTray: o.store.get('closeToTray') ?? o.trayAvailable,
    openAtLogin: o.store.get('openAtLogin') ?? false,
  });
  const followSystem = () => {
    const system = o.loginItem.systemSetting();
    if (system !== null && system !== stored().openAtLogin) o.store.set('openAtLogin', system);
  };
  const get = (): DesktopPreferences => {
    followSystem();
    const preferences = stored();
    return preferences.openAtLogin && o.loginItem.awaitingApproval()
      ? { ...preferences, openAtLoginAwaitsApproval: true }
      : preferences;
  };
  return {
    get,
    followSystem,
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
