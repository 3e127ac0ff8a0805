import type { ShellApp } from '../electron-api';

/**
 * One Ringback per user: a second launch (a click in the launcher, the autostart entry while one
 * runs) hands over to the first, which shows its window, and exits. Returns false in the second.
 */
export function claimSingleInstance(
  app: Pick<ShellApp, 'requestSingleInstanceLock' | 'on' | 'quit'>,
  showWindow: () => void,
): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => showWindow());
  return true;
}
