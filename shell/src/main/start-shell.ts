import { join } from 'node:path';
import type { ShellStatus } from '@ringback/protocol';
import { createDaemonLink } from '../daemon/daemon-link';
import { daemonDataDir } from '../daemon/data-dir';
import { createServiceInstaller } from '../daemon/service-installer';
import { resolveUserPath } from '../daemon/user-path';
import type { ElectronApi, ShellWindow } from '../electron-api';
import { createEndpointProxy } from '../endpoint/endpoint-proxy';
import { registerIpc } from '../ipc/register-ipc';
import { createCallAlert } from '../lifecycle/call-alert';
import { handleWindowClose } from '../lifecycle/close-behaviour';
import { createLoginItem, HIDDEN_ARG } from '../lifecycle/login-item';
import { createPreferences } from '../lifecycle/preferences';
import { claimSingleInstance } from '../lifecycle/single-instance';
import { isTrayAvailable } from '../lifecycle/tray-availability';
import { createAwaySwitch } from '../presence/away-switch';
import { startPresenceReporter } from '../presence/presence-reporter';
import { systemIdleSource } from '../presence/system-idle';
import { recoverRenderer } from '../recovery/renderer-recovery';
import { checkSavedPairing } from '../secrets/saved-pairing-check';
import { createTokenVault, type TokenVault } from '../secrets/token-vault';
import { APP_NAME, SHELL_TEXT, shellLanguageOf } from '../tray/shell-text';
import { createShellTray, type ShellTrayHandle } from '../tray/shell-tray';
import { APP_URL, handleAppScheme, isAppUrl, registerAppScheme } from '../window/app-protocol';
import { createMainWindow } from '../window/main-window';
import { restoredBounds } from '../window/window-bounds';
import { desktopIpcHandlers } from './ipc-handlers';
import type { ShellOptions } from './shell-options';

/** Windows shows notifications only for an app with this id (the packager's appId). */
export const APP_USER_MODEL_ID = 'app.ringback.desktop';

export interface RunningShell {
  window: ShellWindow;
  tray: ShellTrayHandle;
  showWindow(): void;
  /** Unregisters the IPC handlers and removes the tray (the app is quitting). */
  stop(): void;
  /** Settles when main's own read of the saved pairing at start read it, gave up, or was stopped. */
  savedPairingChecked: Promise<void>;
}

/**
 * The desktop app's main process, composed: the app:// scheme, one instance, the store, the
 * app's fixed name and the last language, then (once Electron is ready) the window, the tray, close
 * behaviour, call alerts and the IPC handlers over the daemon link, token vault, service
 * installer and endpoint proxy. Resolves null in a second instance, which quits.
 */
export async function startShell(electron: ElectronApi, options: ShellOptions): Promise<RunningShell | null> {
  const { app } = electron;
  // Both must happen before `ready`.
  registerAppScheme(electron.protocol);
  let showWindow = () => {};
  if (!claimSingleInstance(app, () => showWindow())) return null;

  // The user-data folder is named after the app; pin it so a localised name cannot move it.
  const userData = app.getPath('userData');
  app.setPath('userData', userData);
  const store = options.openStore(userData);
  let language = shellLanguageOf(store.get('language'), app.getPreferredSystemLanguages());
  app.setName(APP_NAME);
  if (options.platform === 'win32') app.setAppUserModelId(APP_USER_MODEL_ID);

  await app.whenReady();
  handleAppScheme(electron.protocol, options.appDir);
  // macOS keeps its default menu: it is where copy, paste and quit live.
  if (options.platform !== 'darwin') electron.clearApplicationMenu();

  const trayAvailable = isTrayAvailable(options.platform, options.env);
  const loginItem = createLoginItem({
    platform: options.platform,
    app,
    env: options.env,
    homeDir: options.homeDir,
    execPath: options.execPath,
    launchArgs: options.launchArgs,
  });
  const preferences = createPreferences({ store, trayAvailable, loginItem });

  const window = createMainWindow(electron, {
    preloadPath: options.preloadPath,
    iconPath: options.iconPath,
    title: SHELL_TEXT[language].windowTitle,
    bounds: restoredBounds(store.get('bounds'), electron.screen.getAllDisplays()),
  });
  showWindow = () => {
    if (window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };
  handleWindowClose({
    app,
    window,
    closeToTray: () => preferences.get().closeToTray,
    beforeClose: () => {
      if (!window.isDestroyed()) store.set('bounds', window.getNormalBounds());
    },
  });
  showAtStart(window, options, app, trayAvailable);
  // The user may switch the login item in System Settings while the app is closed or in the
  // background: take the system's word at start and whenever the window comes forward.
  preferences.followSystem();
  window.on('focus', () => preferences.followSystem());
  // macOS: a click on the Dock icon of the running app.
  app.on('activate', () => showWindow());

  let status: ShellStatus = { connected: false, missed: 0, language };
  const daemon = createDaemonLink({ dataDir: daemonDataDir(options.env, options.homeDir) });
  let setAway: (on: boolean) => void = () => {};
  const tray = createShellTray(electron, options.iconPath, status, {
    show: () => showWindow(),
    quit: () => app.quit(),
    away: (on) => setAway(on),
  });
  // The daemon rings for a permission request only when the user is away: it is told this
  // computer's idle time every half minute, and the tray can set "away" by hand.
  const away = createAwaySwitch({ daemon, onChange: (state) => tray.away(state) });
  setAway = (on) => void away.set(on);
  const presence = startPresenceReporter({
    idleSeconds: systemIdleSource(options.platform, options.env, () =>
      electron.powerMonitor.getSystemIdleTime(),
    ),
    daemon,
    onPresence: (next) => away.observe(next),
  });
  // The app's whole job is to ring: a page that crashed or hangs is restarted, and the tray says so.
  const recovery = recoverRenderer(window, (notice) => tray.recovery(notice));
  const onStatus = (next: ShellStatus) => {
    status = next;
    if (next.connected) savedPairing.resolved();
    tray.update(status);
    if (next.language !== language) {
      language = next.language;
      window.setTitle(SHELL_TEXT[language].windowTitle);
      // The next start titles the window in it before the renderer speaks.
      store.set('language', language);
    }
  };

  const vault = createTokenVault({
    safeStorage: electron.safeStorage,
    file: join(userData, 'device-token.bin'),
  });
  // Main reads the saved pairing itself: at a start at login the window is hidden, and that is
  // when the keyring is often not unlocked yet. The tray says so, the keychain is asked again for
  // a while, and a pairing that stays unreadable brings the window up.
  const check = checkSavedPairing({
    load: () => vault.load(),
    ...(options.keychainRetryDelaysMs ? { retryDelaysMs: options.keychainRetryDelaysMs } : {}),
    onUnreadable: (final) => {
      tray.pairingUnreadable(true);
      if (final) showWindow();
    },
    onReadableAgain: () => {
      tray.pairingUnreadable(false);
      // The page read it as unreadable at its start: it starts again, paired.
      if (!window.isDestroyed())
        window
          .loadURL(APP_URL)
          .catch((error: unknown) => console.error('Ringback: the window was not reloaded:', error));
    },
  });
  const savedPairing = {
    /** The pairing reads, or the user paired again: the tray's warning and the retries end. */
    resolved: () => {
      check.stop();
      tray.pairingUnreadable(false);
    },
  };
  const endpoint = createEndpointProxy({ fetch: electron.remoteFetch });
  // A reload or a crashed renderer leaves no answer half-read in main.
  window.webContents.on('did-navigate', () => endpoint.cancelAll());
  window.webContents.on('render-process-gone', () => endpoint.cancelAll());

  const installer = createServiceInstaller({
    env: options.env,
    cliCandidates: options.cliCandidates,
    run: options.run,
    // A GUI launch's PATH is bare: the login shell's is what finds node and the agents.
    userPath: () => resolveUserPath({ platform: options.platform, env: options.env, home: options.homeDir }),
    stable: options.daemonCopyRoot ? { root: options.daemonCopyRoot, version: app.getVersion() } : undefined,
  });
  // An updated app brings a newer daemon: the service installed from an older one is moved onto it.
  void installer.refreshIfOutdated().then(
    (result) => {
      if (result && !result.ok)
        console.error(`Ringback: the login service was not updated: ${result.message}`);
      else if (result?.warning) console.error(`Ringback: the login service was updated: ${result.warning}`);
    },
    (error: unknown) => console.error('Ringback: the login service was not updated:', error),
  );

  const unregister = registerIpc(
    electron.ipcMain,
    desktopIpcHandlers({
      facts: () => ({
        platform: options.platform,
        trayAvailable,
        secretStorageAvailable: vault.available(),
        appVersion: app.getVersion(),
      }),
      daemon,
      installer,
      vault: vaultTellingTray(vault, () => savedPairing.resolved()),
      alert: createCallAlert({
        electron,
        app,
        platform: options.platform,
        window,
        showWindow,
        iconPath: options.iconPath,
      }),
      status: onStatus,
      preferences,
      endpoint,
    }),
    isAppUrl,
  );

  const stop = () => {
    check.stop();
    presence.stop();
    recovery.stop();
    unregister();
    endpoint.cancelAll();
    tray.destroy();
  };
  app.on('will-quit', stop);
  return { window, tray, showWindow, stop, savedPairingChecked: check.done };
}

/**
 * A start at login (`--hidden`, or macOS's own login item) stays in the tray. Where no tray can
 * be seen it starts minimised instead, so the app is still reachable from the taskbar.
 */
function showAtStart(
  window: ShellWindow,
  options: ShellOptions,
  app: ElectronApi['app'],
  trayAvailable: boolean,
): void {
  const atLogin =
    options.argv.includes(HIDDEN_ARG) ||
    (options.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
  window.once('ready-to-show', () => {
    if (!atLogin) return window.show();
    if (!trayAvailable) {
      window.showInactive();
      window.minimize();
    }
  });
}

/** The vault as the page uses it: a token read or a new pairing saved ends main's own check. */
function vaultTellingTray(vault: TokenVault, resolved: () => void): TokenVault {
  return {
    ...vault,
    load: async () => {
      const loaded = await vault.load();
      if (loaded.ok && loaded.token !== null) resolved();
      return loaded;
    },
    save: async (token) => {
      const kept = await vault.save(token);
      if (token !== null) resolved();
      return kept;
    },
  };
}
