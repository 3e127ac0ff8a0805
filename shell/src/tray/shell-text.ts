import type { ShellLanguage } from '@ringback/protocol';

/**
 * The app's name for Electron (`app.setName`), the same in every language: Electron names the
 * macOS Keychain item and the Linux libsecret/KWallet entry that hold `safeStorage`'s key after
 * it, so a translated name would lose the saved device token at a language switch. Only the
 * window title, tray and menus (SHELL_TEXT) are translated.
 */
export const APP_NAME = 'Ringback';

/**
 * The shell's own words (tray, menus, notifications, window title), in the interface languages.
 * The title matches the client's WINDOW_TITLE (client/src/i18n/interface-language.ts); the other
 * words match the client's catalogue where it has them (已连接, 未接来电).
 */
export const SHELL_TEXT = {
  en: {
    windowTitle: 'Ringback',
    appName: 'Ringback',
    show: 'Show Ringback',
    connected: 'Connected',
    notConnected: 'Not connected',
    missed: (count: number) => (count === 1 ? '1 missed call' : `${count} missed calls`),
    quit: 'Quit Ringback',
    incomingCall: 'Incoming call',
    windowRestarting: 'The window stopped; restarting…',
    windowRestarted: 'The window stopped and was restarted',
    pairingUnreadable: 'Not connected: the saved pairing could not be read',
    away: 'Away from this computer',
  },
  zh: {
    windowTitle: 'Ringback 回电',
    appName: 'Ringback 回电',
    show: '显示 Ringback',
    connected: '已连接',
    notConnected: '未连接',
    missed: (count: number) => `${count} 个未接来电`,
    quit: '退出 Ringback',
    incomingCall: '来电',
    windowRestarting: '窗口已停止，正在重启…',
    windowRestarted: '窗口已停止，已重新启动',
    pairingUnreadable: '未连接：无法读取保存的配对',
    away: '已离开这台电脑',
  },
} as const satisfies Record<ShellLanguage, unknown>;

export type ShellText = (typeof SHELL_TEXT)[ShellLanguage];

/**
 * The language the renderer last reported; before it ever has (a first start), the system's,
 * as the interface's "follow system" resolves it: Chinese when the first system language is.
 */
export function shellLanguageOf(stored: unknown, systemLanguages: readonly string[]): ShellLanguage {
  if (stored === 'zh' || stored === 'en') return stored;
  return systemLanguages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
