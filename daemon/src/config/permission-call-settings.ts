import {
  AwayMode,
  createParser,
  DEFAULT_PERMISSION_CALL_SETTINGS,
  PermissionCallSettings,
  type PermissionCallSettingsUpdate,
} from '@ringback/protocol';
import type { DaemonConfig } from './daemon-config';

/** Seconds an agent gives the permission hook beyond the wait, so the hook answers first. */
export const PERMISSION_HOOK_TIMEOUT_MARGIN_SECONDS = 30;

const whole = createParser(PermissionCallSettings);
const field = {
  enabled: (value: unknown) => typeof value === 'boolean',
  waitSeconds: (value: unknown) => whole.check({ ...DEFAULT_PERMISSION_CALL_SETTINGS, waitSeconds: value }),
  idleSeconds: (value: unknown) => whole.check({ ...DEFAULT_PERMISSION_CALL_SETTINGS, idleSeconds: value }),
  away: createParser(AwayMode).check,
};

/**
 * The permission-call settings in force, from `daemon.json` `permissionCalls`. A field that is
 * missing, or that a hand edit left out of bounds, reads as its default, so one bad value never
 * turns the others off (or on).
 */
export function readPermissionCallSettings(config: DaemonConfig): PermissionCallSettings {
  const stored = config.permissionCalls;
  const raw = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const defaults = DEFAULT_PERMISSION_CALL_SETTINGS;
  const agents =
    typeof raw.agents === 'object' && raw.agents !== null ? (raw.agents as Record<string, unknown>) : {};
  const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
  return {
    enabled: field.enabled(raw.enabled) ? (raw.enabled as boolean) : defaults.enabled,
    agents: {
      'claude-code': flag(agents['claude-code'], defaults.agents['claude-code']),
      codex: flag(agents.codex, defaults.agents.codex),
    },
    waitSeconds: field.waitSeconds(raw.waitSeconds) ? (raw.waitSeconds as number) : defaults.waitSeconds,
    idleSeconds: field.idleSeconds(raw.idleSeconds) ? (raw.idleSeconds as number) : defaults.idleSeconds,
    away: field.away(raw.away) ? raw.away : defaults.away,
  };
}

/** `current` with `update`'s fields changed (agents one by one). */
export function updatedPermissionCallSettings(
  current: PermissionCallSettings,
  update: PermissionCallSettingsUpdate,
): PermissionCallSettings {
  return {
    enabled: update.enabled ?? current.enabled,
    agents: {
      'claude-code': update.agents?.['claude-code'] ?? current.agents['claude-code'],
      codex: update.agents?.codex ?? current.agents.codex,
    },
    waitSeconds: update.waitSeconds ?? current.waitSeconds,
    idleSeconds: update.idleSeconds ?? current.idleSeconds,
    away: update.away ?? current.away,
  };
}

/** `config` with the settings stored under `permissionCalls`, other keys kept. */
export function withPermissionCallSettings(
  config: DaemonConfig,
  settings: PermissionCallSettings,
): DaemonConfig {
  return { ...config, permissionCalls: settings };
}

/** The agents' per-hook timeout for the permission hook: the wait and a margin. */
export function permissionHookTimeoutSeconds(settings: PermissionCallSettings): number {
  return settings.waitSeconds + PERMISSION_HOOK_TIMEOUT_MARGIN_SECONDS;
}
