import type { DesktopPlatform } from '@ringback/protocol';

/**
 * Linux desktops whose panel shows status-notifier (tray) icons out of the box. Ubuntu's GNOME
 * ("ubuntu:GNOME") ships the AppIndicator extension enabled; plain GNOME (Fedora, Debian, Arch)
 * does not, so an icon there would be invisible and a hidden window unreachable.
 */
const DESKTOPS_WITH_TRAY = new Set([
  'ubuntu',
  'unity',
  'kde',
  'xfce',
  'x-cinnamon',
  'cinnamon',
  'mate',
  'lxqt',
  'lxde',
  'budgie',
  'budgie-desktop',
  'deepin',
  'dde',
  'ukui',
  'enlightenment',
]);

/**
 * Whether closing the window may hide it to a tray the user can see. macOS and Windows always
 * have one. On Linux the answer comes from `XDG_CURRENT_DESKTOP` (a colon-separated list): a desktop
 * above → yes; GNOME without Ubuntu's extension, an unknown desktop or none → no (then closing
 * quits unless the user chose otherwise, and the window says so). `RINGBACK_TRAY=1` or `0`
 * overrides the guess, for GNOME with the AppIndicator extension or a tiling WM with a tray bar.
 */
export function isTrayAvailable(platform: DesktopPlatform, env: NodeJS.ProcessEnv): boolean {
  if (env.RINGBACK_TRAY === '1') return true;
  if (env.RINGBACK_TRAY === '0') return false;
  if (platform !== 'linux') return true;
  const desktops = (env.XDG_CURRENT_DESKTOP ?? '')
    .split(':')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  return desktops.some((name) => DESKTOPS_WITH_TRAY.has(name));
}
