import type { PermissionCallSettings, Presence, PresenceSignal } from '@ringback/protocol';

const SIGNAL: Record<PresenceSignal, string> = {
  manual: 'set by hand',
  'desktop-app': "the desktop app's idle time",
  'macos-hid': "macOS's HID idle time (ioreg)",
  'windows-last-input': "Windows' last input (GetLastInputInfo)",
  'linux-session':
    "the Linux session's idle time (GNOME's idle monitor, the ScreenSaver idle time under Wayland, or xprintidle under X11)",
  none: 'none on this computer: counted as at the computer unless set by hand',
};

/** `ringback away`'s three lines: the state, the signal and the idle time. */
export function awayLines(settings: PermissionCallSettings, presence: Presence): string[] {
  const mode =
    settings.away === 'auto'
      ? 'auto: follows the idle time'
      : `set by hand; \`ringback away auto\` follows the idle time again`;
  const lines = [
    `Away: ${presence.away ? 'yes' : 'no'} (${mode})`,
    `Signal: ${presence.signal} (${SIGNAL[presence.signal]})`,
    `Idle: ${presence.idleSeconds === null ? 'unknown' : `${presence.idleSeconds} s`} (away from ${settings.idleSeconds} s idle)`,
  ];
  if (!permissionCallsOn(settings)) lines.push(`Permission calls: ${permissionCallsState(settings)}`);
  return lines;
}

function permissionCallsOn(settings: PermissionCallSettings): boolean {
  return settings.enabled && settings.agents['claude-code'] && settings.agents.codex;
}

/** "on", "off", or which agents are on. */
export function permissionCallsState(settings: PermissionCallSettings): string {
  if (!settings.enabled) return 'off';
  const on = (['claude-code', 'codex'] as const).filter((agent) => settings.agents[agent]);
  if (on.length === 2) return 'on';
  return on.length === 0 ? 'off for both agents' : `on for ${on[0]} only`;
}

/** `ringback status`'s line about permission calls and presence. */
export function permissionStatusLine(settings: PermissionCallSettings, presence: Presence | null): string {
  const state = `Permission calls: ${permissionCallsState(settings)} (wait ${settings.waitSeconds} s)`;
  if (!presence) return `${state}; away: ${settings.away}`;
  const idle = presence.idleSeconds === null ? '' : `, idle ${presence.idleSeconds} s`;
  return `${state}; away: ${presence.away ? 'yes' : 'no'} (${settings.away}, signal ${presence.signal}${idle})`;
}
