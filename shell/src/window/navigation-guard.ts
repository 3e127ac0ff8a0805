import type { ElectronApi, ShellWebContents } from '../electron-api';
import { isAppUrl } from './app-protocol';

/**
 * The window only ever shows the app: a navigation or redirect away from `app://ringback/` is
 * refused, no new window is opened (http and https links go to the system browser instead), and
 * no `<webview>` may be attached. Anything else (file:, javascript:, custom schemes) goes nowhere.
 */
export function guardNavigation(webContents: ShellWebContents, shell: ElectronApi['shell']): void {
  const openOutside = (url: string) => {
    if (isWebUrl(url)) void shell.openExternal(url).catch(() => undefined);
  };
  webContents.on('will-navigate', (event, url) => {
    if (isAppUrl(url)) return;
    event.preventDefault();
    openOutside(url);
  });
  webContents.on('will-redirect', (event, url) => {
    if (!isAppUrl(url)) event.preventDefault();
  });
  webContents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  webContents.on('will-attach-webview', (event) => event.preventDefault());
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}
