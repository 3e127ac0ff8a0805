import type { DesktopPlatform } from '@ringback/protocol';
import type { RunCommand } from '../daemon/run-command';
import type { ShellStore } from '../lifecycle/shell-store';

/** Everything startShell takes from the process and the disk, so a test can give its own. */
export interface ShellOptions {
  platform: DesktopPlatform;
  env: NodeJS.ProcessEnv;
  argv: readonly string[];
  homeDir: string;
  /** The running executable (Electron, or the packaged app's). */
  execPath: string;
  /** Arguments the executable needs to start this app again (the app folder in development). */
  launchArgs: string[];
  /** The client build served at app://ringback/. */
  appDir: string;
  /** The bundled preload (dist/preload.cjs). */
  preloadPath: string;
  /** The app's icon (window, notifications) and the image the tray icon is drawn from. */
  iconPath: string;
  /** Where the daemon CLI may be: the packaged copy, then the checkout's daemon/dist. */
  cliCandidates: string[];
  /** Opens the shell store in the user-data folder (lifecycle/json-file-store.ts in main.ts). */
  openStore: (userDataDir: string) => ShellStore;
  /** Runs a program for the service installer. */
  run: RunCommand;
  /**
   * The per-user folder the bundled daemon is copied to before the login service is pointed at it
   * (stableDaemonRoot; the packaged app). Absent in a checkout, whose daemon/dist runs where it is.
   */
  daemonCopyRoot?: string;
  /**
   * How long to wait before asking a keychain that was not there again (a start at login often
   * comes before the keyring is unlocked); default: a few retries over the first minute.
   */
  keychainRetryDelaysMs?: readonly number[];
}

/** Electron runs on these three; anything else unix-like is treated as Linux. */
export function desktopPlatformOf(platform: NodeJS.Platform): DesktopPlatform {
  return platform === 'darwin' || platform === 'win32' ? platform : 'linux';
}
