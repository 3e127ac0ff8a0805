/**
 * Electron's `powerMonitor.getSystemIdleTime()` where it sees every input, else null. In a Linux
 * Wayland session it reads X's idle counter through XWayland, which sees only input to X windows:
 * a user typing in Wayland windows would look away and a permission request would ring the phone.
 * There the shell reports nothing and the daemon reads the desktop's own idle monitor (Mutter's or
 * the session's ScreenSaver service), or counts the user as at the computer.
 */
export function systemIdleSource(
  platform: NodeJS.Platform,
  env: NodeJS.ProcessEnv,
  getSystemIdleTime: () => number,
): (() => number) | null {
  const wayland = env.XDG_SESSION_TYPE === 'wayland' || Boolean(env.WAYLAND_DISPLAY);
  return platform === 'linux' && wayland ? null : getSystemIdleTime;
}
