import type { ShellStatus } from '@ringback/protocol';
import type { ElectronApi, ShellTray } from '../electron-api';
import { SHELL_TEXT, type ShellText } from './shell-text';

export interface TrayActions {
  show(): void;
  quit(): void;
}

/** "Connected" / "Not connected", and the missed calls when there are any. */
export function statusLine(status: ShellStatus): string {
  const text = SHELL_TEXT[status.language];
  const link = status.connected ? text.connected : text.notConnected;
  return status.missed > 0 ? `${link} · ${text.missed(status.missed)}` : link;
}

export function trayToolTip(status: ShellStatus): string {
  return `${SHELL_TEXT[status.language].appName}: ${statusLine(status)}`;
}

/** Show the window; the status, greyed (it is information, not an action); quit. */
export function trayMenuTemplate(
  status: ShellStatus,
  actions: TrayActions,
): Electron.MenuItemConstructorOptions[] {
  const text: ShellText = SHELL_TEXT[status.language];
  return [
    { id: 'show', label: text.show, click: () => actions.show() },
    { type: 'separator' },
    { id: 'status', label: statusLine(status), enabled: false },
    { type: 'separator' },
    { id: 'quit', label: text.quit, click: () => actions.quit() },
  ];
}

export interface ShellTrayHandle {
  update(status: ShellStatus): void;
  destroy(): void;
}

/**
 * The tray icon with its menu. A click on the icon shows the window where the platform reports
 * clicks (Windows, most Linux trays; on macOS a click opens the menu). The menu is rebuilt on every
 * status change, since a shown menu item's label cannot be changed on every platform.
 */
export function createShellTray(
  electron: Pick<ElectronApi, 'createTray' | 'buildMenu'>,
  iconPath: string,
  status: ShellStatus,
  actions: TrayActions,
): ShellTrayHandle {
  const tray: ShellTray = electron.createTray(iconPath);
  const update = (next: ShellStatus) => {
    tray.setToolTip(trayToolTip(next));
    tray.setContextMenu(electron.buildMenu(trayMenuTemplate(next, actions)));
  };
  tray.on('click', () => actions.show());
  update(status);
  return { update, destroy: () => tray.destroy() };
}
