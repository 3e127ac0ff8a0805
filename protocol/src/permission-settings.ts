import { Type } from 'typebox';
import {
  PERMISSION_IDLE_DEFAULT_SECONDS,
  PERMISSION_WAIT_DEFAULT_SECONDS,
  PERMISSION_WAIT_MAX_SECONDS,
  PERMISSION_WAIT_MIN_SECONDS,
} from './permission';

// Permission calls' settings on the computer (`GET/PUT /settings/permission-calls`, relayable so
// the phone can change them) and what the computer knows of the user's presence.

/** `auto` follows the idle signal; `on` and `off` are the user's own word (CLI, tray, phone). */
export const AwayMode = Type.Union([Type.Literal('auto'), Type.Literal('on'), Type.Literal('off')]);
export type AwayMode = Type.Static<typeof AwayMode>;

const WaitSeconds = Type.Integer({
  minimum: PERMISSION_WAIT_MIN_SECONDS,
  maximum: PERMISSION_WAIT_MAX_SECONDS,
});
const IdleSeconds = Type.Integer({ minimum: 10, maximum: 3600 });

export const PermissionCallSettings = Type.Object({
  /** Permission calls at all (default on). */
  enabled: Type.Boolean(),
  /** Per agent (default on for both). */
  agents: Type.Object({ 'claude-code': Type.Boolean(), codex: Type.Boolean() }),
  /** How long the hook waits for the phone before the agent's own prompt takes over. */
  waitSeconds: WaitSeconds,
  /** Idle time from which the user counts as away from this computer. */
  idleSeconds: IdleSeconds,
  away: AwayMode,
});
export type PermissionCallSettings = Type.Static<typeof PermissionCallSettings>;

export const DEFAULT_PERMISSION_CALL_SETTINGS: PermissionCallSettings = {
  enabled: true,
  agents: { 'claude-code': true, codex: true },
  waitSeconds: PERMISSION_WAIT_DEFAULT_SECONDS,
  idleSeconds: PERMISSION_IDLE_DEFAULT_SECONDS,
  away: 'auto',
};

/** Where the computer's idle time came from. */
export const PresenceSignal = Type.Union([
  /** `ringback away on|off`, the tray or the phone. */
  Type.Literal('manual'),
  /** The desktop app's report of the system idle time (Electron's powerMonitor). */
  Type.Literal('desktop-app'),
  Type.Literal('macos-hid'),
  Type.Literal('windows-last-input'),
  Type.Literal('linux-session'),
  /** No signal on this computer: counted as at the computer unless set by hand. */
  Type.Literal('none'),
]);
export type PresenceSignal = Type.Static<typeof PresenceSignal>;

export const Presence = Type.Object({
  away: Type.Boolean(),
  signal: PresenceSignal,
  /** Seconds since the last input, when a signal gives it. */
  idleSeconds: Type.Union([Type.Number(), Type.Null()]),
});
export type Presence = Type.Static<typeof Presence>;

/** `GET/PUT /settings/permission-calls` reply. */
export const PermissionCallSettingsReply = Type.Object({
  settings: PermissionCallSettings,
  presence: Presence,
});
export type PermissionCallSettingsReply = Type.Static<typeof PermissionCallSettingsReply>;

/** `PUT /settings/permission-calls`: the fields to change. */
export const PermissionCallSettingsUpdate = Type.Object(
  {
    enabled: Type.Optional(Type.Boolean()),
    agents: Type.Optional(
      Type.Object(
        { 'claude-code': Type.Optional(Type.Boolean()), codex: Type.Optional(Type.Boolean()) },
        { additionalProperties: false },
      ),
    ),
    waitSeconds: Type.Optional(WaitSeconds),
    idleSeconds: Type.Optional(IdleSeconds),
    away: Type.Optional(AwayMode),
  },
  { additionalProperties: false },
);
export type PermissionCallSettingsUpdate = Type.Static<typeof PermissionCallSettingsUpdate>;

/** `POST /presence` (the desktop app, every half minute): the system's idle time. */
export const PresenceReport = Type.Object(
  { idleSeconds: Type.Number({ minimum: 0, maximum: 10 * 365 * 24 * 3600 }) },
  { additionalProperties: false },
);
export type PresenceReport = Type.Static<typeof PresenceReport>;
