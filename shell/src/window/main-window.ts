import type { ElectronApi, ShellWindow } from '../electron-api';
import { APP_URL } from './app-protocol';
import { guardNavigation } from './navigation-guard';
import { limitPermissions } from './permissions';
import type { WindowBounds } from './window-bounds';

export interface MainWindowOptions {
  preloadPath: string;
  iconPath?: string;
  title: string;
  bounds: Partial<WindowBounds> & { width: number; height: number };
}

/**
 * The renderer runs the client build with no Node and no Electron in reach: isolated, sandboxed,
 * only the preload's bridge. Background throttling is off because a call rings, and its brief
 * is spoken, while the window is hidden. The window appears when the caller shows it (after
 * `ready-to-show`, or never for a start at login).
 */
export function mainWindowOptions(o: MainWindowOptions): Electron.BrowserWindowConstructorOptions {
  return {
    ...o.bounds,
    minWidth: 360,
    minHeight: 480,
    title: o.title,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#0f172a',
    ...(o.iconPath ? { icon: o.iconPath } : {}),
    webPreferences: {
      preload: o.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      backgroundThrottling: false,
      spellcheck: false,
    },
  };
}

/** The window, guarded (navigation, new windows, webviews, permissions), loading the app. */
export function createMainWindow(
  electron: Pick<ElectronApi, 'createWindow' | 'shell'>,
  o: MainWindowOptions,
): ShellWindow {
  const window = electron.createWindow(mainWindowOptions(o));
  guardNavigation(window.webContents, electron.shell);
  limitPermissions(window.webContents.session);
  // The page's own <title> would otherwise replace the localised one main sets.
  window.on('page-title-updated', (event) => event.preventDefault());
  window.loadURL(APP_URL).catch((error: unknown) => console.error('Ringback: the app did not load:', error));
  return window;
}
