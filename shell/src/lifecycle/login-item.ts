import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { DesktopPlatform } from '@ringback/protocol';
import type { ShellApp } from '../electron-api';
import { PUBLIC_FILE_MODE, removeFileDurably, writeFileAtomic } from '../secrets/atomic-write';

/** The argument a login start carries: the app starts in the tray, without a window. */
export const HIDDEN_ARG = '--hidden';

export interface LoginItem {
  apply(openAtLogin: boolean): Promise<void>;
  /**
   * Whether the system will open the app at login, where the system keeps that and the user can
   * change it outside the app (macOS: System Settings > General > Login Items); null where only
   * the app's own setting says.
   */
  systemSetting(): boolean | null;
  /**
   * macOS: the app is registered but waits for the user's approval in System Settings > General >
   * Login Items (they once switched it off there). The system then has no word on it (systemSetting
   * is null): the user's wish stands, and the page says it waits.
   */
  awaitingApproval(): boolean;
}

export interface LoginItemOptions {
  platform: DesktopPlatform;
  app: Pick<ShellApp, 'setLoginItemSettings' | 'getLoginItemSettings'>;
  env: NodeJS.ProcessEnv;
  homeDir: string;
  /** The program to start: the running executable. */
  execPath: string;
  /** Arguments before `--hidden`: the app's folder when run as `electron <dir>` in development. */
  launchArgs?: string[];
}

/**
 * macOS 13 and later register the app itself with SMAppService; Electron ignores `type` before 13
 * (it adds the bundle to the old login items list then). `path` and `args` are Windows-only.
 */
const MAC_LOGIN_ITEM = { type: 'mainAppService' } as const;

/**
 * Open at login. macOS and Windows keep login items themselves (`setLoginItemSettings`; macOS
 * takes no arguments, so a login start is told by `wasOpenedAtLogin` there). Linux has no such
 * API: an XDG autostart entry in `$XDG_CONFIG_HOME/autostart` (default `~/.config`) starts the
 * AppImage when `APPIMAGE` is set (the executable is then inside a temporary mount), else the
 * executable.
 */
export function createLoginItem(options: LoginItemOptions): LoginItem {
  return {
    async apply(openAtLogin) {
      if (options.platform === 'darwin') {
        options.app.setLoginItemSettings({ openAtLogin, ...MAC_LOGIN_ITEM });
        return;
      }
      if (options.platform === 'win32') {
        options.app.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG] });
        return;
      }
      const file = autostartFile(options.env, options.homeDir);
      if (!openAtLogin) return removeFileDurably(file);
      await mkdir(dirname(file), { recursive: true });
      const program = options.env.APPIMAGE || options.execPath;
      const launchArgs = options.env.APPIMAGE ? [] : (options.launchArgs ?? []);
      await writeFileAtomic(file, autostartEntry([program, ...launchArgs, HIDDEN_ARG]), PUBLIC_FILE_MODE);
    },
    systemSetting() {
      if (options.platform !== 'darwin') return null;
      const settings = options.app.getLoginItemSettings(MAC_LOGIN_ITEM);
      // Electron reports 'requires-approval' as not open at login; taken for "off", a switch-on
      // the system waits to approve would snap back off.
      return settings.status === 'requires-approval' ? null : settings.openAtLogin;
    },
    awaitingApproval() {
      if (options.platform !== 'darwin') return false;
      return options.app.getLoginItemSettings(MAC_LOGIN_ITEM).status === 'requires-approval';
    },
  };
}

export function autostartFile(env: NodeJS.ProcessEnv, homeDir: string): string {
  const configHome = env.XDG_CONFIG_HOME?.startsWith('/') ? env.XDG_CONFIG_HOME : join(homeDir, '.config');
  return join(configHome, 'autostart', 'ringback.desktop');
}

/** A Desktop Entry (spec 1.5) that starts `command` at login. */
export function autostartEntry(command: string[]): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    'Name=Ringback',
    'Comment=Rings you when your coding agent finishes a turn',
    `Exec=${command.map(execArgument).join(' ')}`,
    'Icon=ringback',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/**
 * One Exec argument, quoted as the spec asks: inside double quotes `"`, `` ` ``, `$` and `\` take a
 * backslash; `%` is doubled (field codes); then the whole value is a string value, whose own
 * escaping doubles every backslash again.
 */
function execArgument(argument: string): string {
  const quoted = `"${argument.replace(/["`$\\]/g, (char) => `\\${char}`).replace(/%/g, '%%')}"`;
  return quoted.replace(/\\/g, '\\\\');
}
