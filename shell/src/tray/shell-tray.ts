import type { ShellStatus } from '@ringback/protocol';
import type { ElectronApi, ShellTray } from '../electron-api';
import type { AwayState } from '../presence/away-switch';
import type { RecoveryNotice } from '../recovery/renderer-recovery-machine';
import { SHELL_TEXT, type ShellText } from './shell-text';

export interface TrayActions {
  show(): void;
  quit(): void;
  /** "Away from this computer" ticked (true) or cleared. */
  away?(on: boolean): void;
}

/**
 * "Connected" / "Not connected" (and why, when main could not read the saved pairing), and the
 * missed calls when there are any.
 */
export function statusLine(status: ShellStatus, pairingUnreadable = false): string {
  const text = SHELL_TEXT[status.language];
  const link = status.connected
    ? text.connected
    : pairingUnreadable
      ? text.pairingUnreadable
      : text.notConnected;
  return status.missed > 0 ? `${link} · ${text.missed(status.missed)}` : link;
}

/** What the tray says about a window that stopped: being restarted, or restarted (null: nothing). */
export function recoveryLine(status: ShellStatus, notice: RecoveryNotice | null): string | null {
  if (!notice) return null;
  const text = SHELL_TEXT[status.language];
  return notice === 'restarting' ? text.windowRestarting : text.windowRestarted;
}

export function trayToolTip(
  status: ShellStatus,
  notice: RecoveryNotice | null = null,
  pairingUnreadable = false,
): string {
  const recovery = recoveryLine(status, notice);
  const line = `${SHELL_TEXT[status.language].appName}: ${statusLine(status, pairingUnreadable)}`;
  return recovery ? `${line}\n${recovery}` : line;
}

/**
 * Show the window; the status (and a window restart), greyed: information, not actions; "Away
 * from this computer" while the daemon answers; quit.
 */
export function trayMenuTemplate(
  status: ShellStatus,
  actions: TrayActions,
  notice: RecoveryNotice | null = null,
  pairingUnreadable = false,
  away: AwayState = { available: false },
): Electron.MenuItemConstructorOptions[] {
  const text: ShellText = SHELL_TEXT[status.language];
  const recovery = recoveryLine(status, notice);
  const awayItems: Electron.MenuItemConstructorOptions[] = away.available
    ? [
        { type: 'separator' },
        {
          id: 'away',
          label: text.away,
          type: 'checkbox',
          checked: away.on,
          // From the state the menu was built with: Electron flips `checked` before the click.
          click: () => actions.away?.(!away.on),
        },
      ]
    : [];
  return [
    { id: 'show', label: text.show, click: () => actions.show() },
    { type: 'separator' },
    { id: 'status', label: statusLine(status, pairingUnreadable), enabled: false },
    ...(recovery ? [{ id: 'recovery', label: recovery, enabled: false }] : []),
    ...awayItems,
    { type: 'separator' },
    { id: 'quit', label: text.quit, click: () => actions.quit() },
  ];
}

export interface ShellTrayHandle {
  update(status: ShellStatus): void;
  destroy(): void;
  /** Says that the window stopped and is being, or was, restarted; null clears it. */
  recovery(notice: RecoveryNotice | null): void;
  /** Main could not read the saved pairing (true) until it reads, or the user pairs again (false). */
  pairingUnreadable(unreadable: boolean): void;
  /** The away switch's state (hidden while the daemon does not answer). */
  away(state: AwayState): void;
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
  let current = status;
  let notice: RecoveryNotice | null = null;
  let unreadable = false;
  let away: AwayState = { available: false };
  const render = () => {
    tray.setToolTip(trayToolTip(current, notice, unreadable));
    tray.setContextMenu(electron.buildMenu(trayMenuTemplate(current, actions, notice, unreadable, away)));
  };
  const update = (next: ShellStatus) => {
    current = next;
    render();
  };
  tray.on('click', () => actions.show());
  update(status);
  return {
    update,
    destroy: () => tray.destroy(),
    recovery: (next) => {
      notice = next;
      render();
    },
    pairingUnreadable: (next) => {
      unreadable = next;
      render();
    },
    away: (next) => {
      away = next;
      render();
    },
  };
}
