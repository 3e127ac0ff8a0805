import type { ShellApp, ShellWindow } from '../electron-api';

/**
 * Closing the window hides it while `closeToTray()` says so (calls still ring from the tray);
 * otherwise, or once the app is quitting (tray menu, Cmd+Q, logout), it closes and the app quits.
 */
export function handleWindowClose(o: {
  app: Pick<ShellApp, 'on' | 'quit'>;
  window: Pick<ShellWindow, 'on' | 'hide'>;
  closeToTray: () => boolean;
  /** Called as the window goes (hidden or closed): the moment to remember its bounds. */
  beforeClose?: () => void;
}): void {
  let quitting = false;
  o.app.on('before-quit', () => {
    quitting = true;
  });
  o.window.on('close', (event) => {
    o.beforeClose?.();
    if (quitting || !o.closeToTray()) return;
    event.preventDefault();
    o.window.hide();
  });
  // A tray app does not stay alive windowless on macOS either: no window left means quit.
  o.app.on('window-all-closed', () => o.app.quit());
}
