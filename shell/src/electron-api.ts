/**
 * The part of Electron the shell's main process uses, narrowed from Electron's own types so the
 * main process is written against an injected API: `main/main.ts` adapts the real `electron`
 * module to it, and tests pass fakes. Constructors are factories here (a fake need not be a class
 * with every static of `BrowserWindow`).
 */
import type * as ElectronModule from 'electron';
import { netRequestFetch, type RemoteFetch } from './endpoint/net-request-fetch';

/** The module `electron` as main imports it; only main.ts holds the real one. */
export type ElectronModuleApi = typeof ElectronModule;

export type ShellApp = Pick<
  Electron.App,
  | 'whenReady'
  | 'on'
  | 'quit'
  | 'exit'
  | 'setName'
  | 'setPath'
  | 'getLoginItemSettings'
  | 'getVersion'
  | 'getPreferredSystemLanguages'
  | 'getPath'
  | 'requestSingleInstanceLock'
  | 'setLoginItemSettings'
  | 'setAppUserModelId'
  | 'dock'
>;

export type ShellWebContents = Pick<
  Electron.WebContents,
  'on' | 'send' | 'setWindowOpenHandler' | 'session' | 'getURL' | 'forcefullyCrashRenderer'
>;

export type ShellWindow = Pick<
  Electron.BrowserWindow,
  | 'on'
  | 'once'
  | 'show'
  | 'showInactive'
  | 'hide'
  | 'focus'
  | 'restore'
  | 'minimize'
  | 'moveTop'
  | 'isVisible'
  | 'isFocused'
  | 'isMinimized'
  | 'isMaximized'
  | 'isDestroyed'
  | 'getNormalBounds'
  | 'setTitle'
  | 'flashFrame'
  | 'loadURL'
  | 'destroy'
> & { readonly webContents: ShellWebContents };

export type ShellTray = Pick<Electron.Tray, 'on' | 'setToolTip' | 'setContextMenu' | 'destroy'>;

export type ShellNotification = Pick<Electron.Notification, 'on' | 'show' | 'close'>;

export interface ElectronApi {
  app: ShellApp;
  protocol: Pick<Electron.Protocol, 'registerSchemesAsPrivileged' | 'handle'>;
  ipcMain: Pick<Electron.IpcMain, 'handle' | 'removeHandler'>;
  screen: Pick<Electron.Screen, 'getAllDisplays'>;
  /** The system idle time the daemon is told (usable once the app is ready). */
  powerMonitor: Pick<Electron.PowerMonitor, 'getSystemIdleTime'>;
  shell: Pick<Electron.Shell, 'openExternal'>;
  safeStorage: Pick<Electron.SafeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString'> &
    Partial<Pick<Electron.SafeStorage, 'getSelectedStorageBackend'>>;
  createWindow(options: Electron.BrowserWindowConstructorOptions): ShellWindow;
  /** A tray icon from an image file, scaled to the platform's tray size. */
  createTray(iconPath: string): ShellTray;
  /** A context menu built from its template (`Menu.buildFromTemplate`). */
  buildMenu(template: Electron.MenuItemConstructorOptions[]): Electron.Menu;
  /** Whether the desktop shows native notifications at all (`Notification.isSupported`). */
  notificationsSupported(): boolean;
  createNotification(options: Electron.NotificationConstructorOptions): ShellNotification;
  /** The application menu: none (the window has no menu bar). */
  clearApplicationMenu(): void;
  /**
   * Requests to remote endpoints through Electron's net (Chromium's stack: system proxy, PAC, OS
   * certificates), redirects answered unfollowed. Only the daemon on 127.0.0.1 uses Node's fetch.
   */
  remoteFetch: RemoteFetch;
}

/** Adapts the real `electron` module; the only place that knows its classes. */
export function electronApiOf(electron: ElectronModuleApi): ElectronApi {
  return {
    app: electron.app,
    protocol: electron.protocol,
    ipcMain: electron.ipcMain,
    screen: electron.screen,
    powerMonitor: electron.powerMonitor,
    shell: electron.shell,
    safeStorage: electron.safeStorage,
    createWindow: (options) => new electron.BrowserWindow(options),
    createTray: (iconPath) => new electron.Tray(trayImage(electron, iconPath)),
    buildMenu: (template) => electron.Menu.buildFromTemplate(template),
    notificationsSupported: () => electron.Notification.isSupported(),
    createNotification: (options) => new electron.Notification(options),
    clearApplicationMenu: () => electron.Menu.setApplicationMenu(null),
    remoteFetch: netRequestFetch((options) => electron.net.request(options)),
  };
}

/** Tray icons are drawn small: 16 px on macOS and Windows (HiDPI takes the same image), 22 on Linux panels. */
function trayImage(electron: ElectronModuleApi, iconPath: string): Electron.NativeImage {
  const size = process.platform === 'linux' ? 22 : 16;
  return electron.nativeImage.createFromPath(iconPath).resize({ width: size, height: size, quality: 'best' });
}
