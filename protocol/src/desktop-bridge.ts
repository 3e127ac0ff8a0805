/**
 * The desktop app's one seam between its renderer (the `client/` build) and its Electron main
 * process. The preload puts a `DesktopBridge` on `window.ringback` through `contextBridge`: a few
 * named functions, never `ipcRenderer` itself. Each function is one IPC channel of
 * `DesktopIpcChannels`; each push from main to the renderer is one of `DesktopIpcEvents`.
 *
 * Types only: the shell may import nothing of `protocol` at run time.
 */
import type { PairingOffer } from './daemon-api';

/** The name the preload exposes the bridge under: `window.ringback`. */
export type DesktopBridgeGlobal = 'ringback';

export type DesktopPlatform = 'linux' | 'darwin' | 'win32';

/** The interface languages the shell's own words (title, tray, menus, notifications) come in. */
export type ShellLanguage = 'en' | 'zh';

/** A request for the daemon's local API on 127.0.0.1, made by main with the key it read. */
export interface DaemonRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** A local API path, e.g. `/llm/settings`; must start with `/` and carry no host. */
  path: string;
  /** A JSON body for PUT and POST. */
  body?: unknown;
}

/**
 * How the local daemon answered, or why it could not be asked.
 * - `no_key`: `local-api.key` is missing or unreadable (the daemon never ran for this user);
 * - `not_running`: nothing answers on the daemon's port (connection refused or timed out).
 */
export type DaemonReach =
  | { ok: true; status: number; body: unknown }
  | { ok: false; reason: 'no_key' | 'not_running'; message: string };

/**
 * `POST /local/pairing` through main: the offer, or why there is none. A refusal carries the
 * daemon's error code when it gave one (e.g. `not_logged_in`: the daemon runs but is logged in to
 * no relay, so the app offers `POST /local/login`); the message is for people, the code for code.
 */
export type DesktopPairing =
  | { ok: true; offer: PairingOffer }
  | { ok: false; reason: 'no_key' | 'not_running'; message: string }
  | { ok: false; reason: 'refused'; message: string; code?: string };

/**
 * `ringback service install` run by main; `output` is the command's own lines. `warning`, for
 * people: installed, but something may not work (the login shell gave no PATH, so the service may
 * not find `claude` or `codex`); the page shows it.
 */
export type ServiceInstallResult =
  | { ok: true; output: string; warning?: string }
  | { ok: false; reason: 'no_daemon_cli' | 'no_node' | 'failed'; message: string };

/**
 * Why the saved device token could not be read, as a code the page translates (the raw error goes
 * to main's log only):
 * - `keychain-unavailable`: no OS keychain answers now (at a start at login the Linux keyring is
 *   often not running or unlocked yet); the token may read again once it is;
 * - `undecryptable`: the keychain answers but no longer opens it (a new login keyring, another
 *   machine, an app name that changed).
 */
export type DeviceTokenUnreadable = 'keychain-unavailable' | 'undecryptable';

/**
 * The device token main keeps: the token (null when none is kept), or why the saved one could not
 * be read. An unreadable token is reported, never taken for "none": the page says so and pairs
 * again only when the user asks, instead of silently leaving a stale device on the relay.
 */
export type DeviceTokenLoad =
  | { ok: true; token: string | null }
  | { ok: false; reason: DeviceTokenUnreadable };

/**
 * Where a saved token is kept: encrypted on disk (`keychain`), or only in main's memory until the
 * app quits, because no keychain is there now (`memory`; a saved earlier pairing is left as it is).
 */
export interface DeviceTokenSave {
  kept: 'keychain' | 'memory';
}

/** A call that is ringing, as the native notification shows it. */
export interface RingingCall {
  eventId: string;
  /** e.g. "Claude Code · billing-api". */
  title: string;
  /** The brief's first sentence, or a generic line. */
  body: string;
}

/** What the tray shows: the link to the relay and the calls missed. */
export interface ShellStatus {
  connected: boolean;
  missed: number;
  /** The interface language the renderer resolved (follow system → zh or en). */
  language: ShellLanguage;
}

/** The desktop's own preferences, kept by main (electron-store); never secrets. */
export interface DesktopPreferences {
  /** Closing the window hides it to the tray instead of quitting. */
  closeToTray: boolean;
  /** Start the app when the user logs in. */
  openAtLogin: boolean;
  /**
   * Read-only, macOS: the app asked to open at login, but macOS waits for the user's approval in
   * System Settings → General → Login Items (they once switched Ringback off there). Present only then.
   */
  openAtLoginAwaitsApproval?: true;
}

/** What the page may change: `openAtLoginAwaitsApproval` is main's to say. */
export type DesktopPreferenceChange = Partial<Pick<DesktopPreferences, 'closeToTray' | 'openAtLogin'>>;

/** What main knows of this desktop, read-only for the renderer. */
export interface DesktopFacts {
  platform: DesktopPlatform;
  /** False on Linux desktops without a status-notifier tray: closing then quits unless chosen. */
  trayAvailable: boolean;
  /** False when the OS has no keychain for `safeStorage` (the token then lives only in memory). */
  secretStorageAvailable: boolean;
  appVersion: string;
}

/** A request to a model or voice endpoint the user configured, made by main (no CORS). */
export interface EndpointRequest {
  url: string;
  method: 'GET' | 'POST' | 'PUT';
  headers: Record<string, string>;
  /** The body: text, or bytes (multipart audio). */
  body?: string | Uint8Array;
  /** Main gives up after this long (default 60 s). */
  timeoutMs?: number;
}

/** The answer's head; its body is read chunk by chunk with `endpoint.read(id)`. */
export interface EndpointHead {
  id: string;
  status: number;
  statusText: string;
  headers: Record<string, string>;
}

/** Why main refused or failed an endpoint request. */
export type EndpointFailure =
  | { ok: false; reason: 'not_configured'; message: string }
  | { ok: false; reason: 'network'; message: string }
  | { ok: false; reason: 'timeout'; message: string };

export type EndpointOpen = ({ ok: true } & EndpointHead) | EndpointFailure;

/** One pull of an answer body: a chunk, the end, or a failure mid-body. */
export type EndpointChunk = { done: false; chunk: Uint8Array } | { done: true } | EndpointFailure;

/** What `window.ringback` holds in the desktop app. */
export interface DesktopBridge {
  readonly kind: 'desktop';
  facts(): Promise<DesktopFacts>;
  daemon: {
    /** Reads `local-api.key` in main and asks the daemon for a pairing offer. */
    pairing(): Promise<DesktopPairing>;
    /** One local API call on 127.0.0.1 with the key (settings that belong to the computer, dispatches). */
    request(request: DaemonRequest): Promise<DaemonReach>;
    /** `ringback service install`: the daemon as this user's login service. */
    installService(): Promise<ServiceInstallResult>;
  };
  deviceToken: {
    /** The relay device token, decrypted by `safeStorage`, or why the saved one could not be read. */
    load(): Promise<DeviceTokenLoad>;
    /** Keeps (or, with null, forgets) the token, encrypted by `safeStorage`; says where it is kept. */
    save(token: string | null): Promise<DeviceTokenSave>;
  };
  calls: {
    /** A call rings: native notification (critical, no timeout), window forward, frame flashing. */
    ringing(call: RingingCall): Promise<void>;
    /** The call stopped ringing (answered, declined, taken elsewhere, missed): its notification goes. */
    stopped(eventId: string): Promise<void>;
    /** The user clicked a call's notification: the window is shown; the renderer answers it. */
    onShow(listener: (eventId: string) => void): () => void;
  };
  /** The tray's status line, tooltip and menu language. */
  status(status: ShellStatus): Promise<void>;
  preferences: {
    get(): Promise<DesktopPreferences>;
    set(change: DesktopPreferenceChange): Promise<DesktopPreferences>;
  };
  endpoint: {
    /** The model and voice addresses the user configured: the only ones `open` will reach. */
    allow(baseUrls: string[]): Promise<void>;
    open(request: EndpointRequest): Promise<EndpointOpen>;
    read(id: string): Promise<EndpointChunk>;
    cancel(id: string): Promise<void>;
  };
}

/**
 * Every invoke channel: its arguments and its answer. Main registers one `ipcMain.handle` per
 * key; the preload's bridge calls `ipcRenderer.invoke(key, ...args)`.
 */
export interface DesktopIpcChannels {
  'shell:facts': { args: []; result: DesktopFacts };
  'daemon:pairing': { args: []; result: DesktopPairing };
  'daemon:request': { args: [DaemonRequest]; result: DaemonReach };
  'daemon:install-service': { args: []; result: ServiceInstallResult };
  'token:load': { args: []; result: DeviceTokenLoad };
  'token:save': { args: [string | null]; result: DeviceTokenSave };
  'calls:ringing': { args: [RingingCall]; result: void };
  'calls:stopped': { args: [string]; result: void };
  'shell:status': { args: [ShellStatus]; result: void };
  'preferences:get': { args: []; result: DesktopPreferences };
  'preferences:set': { args: [DesktopPreferenceChange]; result: DesktopPreferences };
  'endpoint:allow': { args: [string[]]; result: void };
  'endpoint:open': { args: [EndpointRequest]; result: EndpointOpen };
  'endpoint:read': { args: [string]; result: EndpointChunk };
  'endpoint:cancel': { args: [string]; result: void };
}

export type DesktopIpcChannel = keyof DesktopIpcChannels;

/** Pushes from main to the renderer (`webContents.send`), with their arguments. */
export interface DesktopIpcEvents {
  'calls:show': [eventId: string];
}
