// A recording stand-in for the Electron API the shell uses, for tests: no binary is needed.
import { EventEmitter } from 'node:events';
import type { ElectronApi, ShellWindow } from '../electron-api';
import { netRequestFetch } from '../endpoint/net-request-fetch';
import { fakeNetRequest } from './fake-net-request';

export interface FakeEvent {
  defaultPrevented: boolean;
  preventDefault(): void;
}
export function fakeEvent(): FakeEvent {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
  };
  return event;
}

type PermissionRequestHandler = Parameters<Electron.Session['setPermissionRequestHandler']>[0];
type PermissionCheckHandler = Parameters<Electron.Session['setPermissionCheckHandler']>[0];

export class FakeWebContents extends EventEmitter {
  sent: [string, ...unknown[]][] = [];
  openHandler: ((details: { url: string }) => Electron.WindowOpenHandlerResponse) | null = null;
  permissionRequest: PermissionRequestHandler = null;
  permissionCheck: PermissionCheckHandler = null;
  readonly session = {
    setPermissionRequestHandler: (handler: PermissionRequestHandler) => {
      this.permissionRequest = handler;
    },
    setPermissionCheckHandler: (handler: PermissionCheckHandler) => {
      this.permissionCheck = handler;
    },
  };
  send(channel: string, ...args: unknown[]) {
    this.sent.push([channel, ...args]);
  }
  setWindowOpenHandler(handler: (details: { url: string }) => Electron.WindowOpenHandlerResponse) {
    this.openHandler = handler;
  }
  getURL() {
    return 'app://ringback/';
  }
  killedByShell = 0;
  /** As Electron: the renderer is killed and `render-process-gone` follows, not within the call. */
  forcefullyCrashRenderer() {
    this.killedByShell += 1;
    queueMicrotask(() => this.emit('render-process-gone', fakeEvent(), { reason: 'killed', exitCode: 9 }));
  }
}

export class FakeWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  visible = false;
  focused = false;
  minimized = false;
  destroyed = false;
  title: string;
  flashing = false;
  calls: string[] = [];
  loaded: string[] = [];
  normalBounds = { x: 10, y: 20, width: 900, height: 700 };
  constructor(readonly options: Electron.BrowserWindowConstructorOptions) {
    super();
    this.title = options.title ?? '';
  }
  show() {
    this.calls.push('show');
    this.visible = true;
    this.minimized = false;
  }
  showInactive() {
    this.calls.push('showInactive');
    this.visible = true;
    this.minimized = false;
  }
  hide() {
    this.calls.push('hide');
    this.visible = false;
    this.focused = false;
  }
  focus() {
    this.calls.push('focus');
    this.focused = true;
    this.emit('focus');
  }
  restore() {
    this.calls.push('restore');
    this.minimized = false;
  }
  minimize() {
    this.calls.push('minimize');
    this.minimized = true;
  }
  moveTop() {
    this.calls.push('moveTop');
  }
  isVisible() {
    return this.visible;
  }
  isFocused() {
    return this.focused;
  }
  isMinimized() {
    return this.minimized;
  }
  isMaximized() {
    return false;
  }
  isDestroyed() {
    return this.destroyed;
  }
  getNormalBounds() {
    return this.normalBounds;
  }
  setTitle(title: string) {
    this.title = title;
  }
  flashFrame(flag: boolean) {
    this.flashing = flag;
  }
  async loadURL(url: string) {
    this.loaded.push(url);
  }
  destroy() {
    this.destroyed = true;
  }
  /** What the user's close button does: the window closes unless a listener prevents it. */
  tryClose(): boolean {
    const event = fakeEvent();
    this.emit('close', event);
    if (!event.defaultPrevented) {
      this.visible = false;
      this.destroyed = true;
    }
    return !event.defaultPrevented;
  }
}

export class FakeTray extends EventEmitter {
  toolTip = '';
  menu: Electron.MenuItemConstructorOptions[] = [];
  destroyed = false;
  constructor(readonly iconPath: string) {
    super();
  }
  setToolTip(text: string) {
    this.toolTip = text;
  }
  setContextMenu(menu: Electron.Menu | null) {
    this.menu =
      (menu as unknown as { template: Electron.MenuItemConstructorOptions[] } | null)?.template ?? [];
  }
  destroy() {
    this.destroyed = true;
  }
  /** Clicks the menu item with this id. */
  clickItem(id: string) {
    const item = this.menu.find((entry) => entry.id === id);
    if (!item?.click) throw new Error(`no clickable menu item ${id}`);
    (item.click as () => void)();
  }
}

export class FakeNotification extends EventEmitter {
  shown = false;
  closed = false;
  constructor(readonly options: Electron.NotificationConstructorOptions) {
    super();
  }
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
  }
}

export class FakeApp extends EventEmitter {
  name = 'Ringback';
  paths = new Map<string, string>([['userData', '/tmp/ringback-fake-user-data']]);
  lockGranted = true;
  quitCalls = 0;
  loginItemSettings: Electron.Settings[] = [];
  wasOpenedAtLogin = false;
  appUserModelId: string | null = null;
  bounces: ('critical' | 'informational' | undefined)[] = [];
  cancelledBounces: number[] = [];
  readonly dock:
    | { bounce(type?: 'critical' | 'informational'): number; cancelBounce(id: number): void }
    | undefined;
  private ready: () => void = () => undefined;
  private readonly readyPromise = new Promise<void>((resolve) => {
    this.ready = resolve;
  });
  constructor(platform: 'linux' | 'darwin' | 'win32') {
    super();
    this.dock =
      platform === 'darwin'
        ? {
            bounce: (type) => {
              this.bounces.push(type);
              return this.bounces.length;
            },
            cancelBounce: (id) => {
              this.cancelledBounces.push(id);
            },
          }
        : undefined;
  }
  becomeReady() {
    this.ready();
  }
  whenReady() {
    return this.readyPromise;
  }
  quit() {
    this.quitCalls += 1;
    this.emit('before-quit', fakeEvent());
  }
  exit() {
    this.quitCalls += 1;
  }
  setName(name: string) {
    this.name = name;
    this.names.push(name);
  }
  getName() {
    return this.name;
  }
  getVersion() {
    return '0.1.0';
  }
  systemLanguages: string[] = ['en-US'];
  getPreferredSystemLanguages() {
    return this.systemLanguages;
  }
  getPath(name: string) {
    const path = this.paths.get(name);
    if (!path) throw new Error(`no fake path ${name}`);
    return path;
  }
  setPath(name: string, path: string) {
    this.paths.set(name, path);
  }
  requestSingleInstanceLock() {
    return this.lockGranted;
  }
  setLoginItemSettings(settings: Electron.Settings) {
    this.loginItemSettings.push(settings);
    this.openAtLogin = settings.openAtLogin ?? false;
  }
  getLoginItemSettings() {
    // macOS: a registration waiting for approval in System Settings is reported as not open at login.
    const waiting = this.openAtLogin && this.loginItemRequiresApproval;
    return {
      wasOpenedAtLogin: this.wasOpenedAtLogin,
      openAtLogin: this.openAtLogin && !waiting,
      status: waiting ? 'requires-approval' : this.openAtLogin ? 'enabled' : 'not-registered',
    } as Electron.LoginItemSettings;
  }
  /** What the system's login items say; a test sets it to play the user's change in System Settings. */
  openAtLogin = false;
  setAppUserModelId(id: string) {
    this.appUserModelId = id;
  }
  /** Every name `setName` was given, in order. */
  names: string[] = [];
  /**
   * macOS: the user once switched Ringback off in System Settings, so a registration (SMAppService)
   * waits there for their approval: status `requires-approval` until a test clears this.
   */
  loginItemRequiresApproval = false;
}

export interface FakeElectron {
  api: ElectronApi;
  app: FakeApp;
  windows: FakeWindow[];
  trays: FakeTray[];
  notifications: FakeNotification[];
  opened: string[];
  schemes: Electron.CustomScheme[][];
  protocolHandlers: Map<string, (request: Request) => Response | Promise<Response>>;
  ipcHandlers: Map<string, (event: unknown, ...args: unknown[]) => unknown>;
  displays: { workArea: { x: number; y: number; width: number; height: number } }[];
  menuCleared: boolean;
  /** Every address requested through Electron's net (`remoteFetch`), redirect hops included. */
  netRequests: string[];
  /** What `powerMonitor.getSystemIdleTime()` answers (seconds). */
  idleSeconds: number;
}

export function fakeElectron(platform: 'linux' | 'darwin' | 'win32' = 'linux'): FakeElectron {
  const app = new FakeApp(platform);
  const fake: FakeElectron = {
    app,
    windows: [],
    trays: [],
    notifications: [],
    opened: [],
    schemes: [],
    protocolHandlers: new Map(),
    ipcHandlers: new Map(),
    displays: [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
    menuCleared: false,
    netRequests: [],
    idleSeconds: 0,
    api: undefined as unknown as ElectronApi,
  };
  fake.api = {
    app: app as unknown as ElectronApi['app'],
    protocol: {
      registerSchemesAsPrivileged: (schemes) => {
        fake.schemes.push(schemes);
      },
      handle: (scheme, handler) => {
        fake.protocolHandlers.set(scheme, handler as (request: Request) => Response | Promise<Response>);
      },
    },
    ipcMain: {
      handle: (channel, listener) => {
        fake.ipcHandlers.set(channel, listener as (event: unknown, ...args: unknown[]) => unknown);
      },
      removeHandler: (channel) => {
        fake.ipcHandlers.delete(channel);
      },
    },
    screen: { getAllDisplays: () => fake.displays as Electron.Display[] },
    powerMonitor: { getSystemIdleTime: () => fake.idleSeconds },
    shell: {
      openExternal: async (url) => {
        fake.opened.push(url);
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => true,
      encryptString: (text) => Buffer.from(`enc:${Buffer.from(text).toString('base64')}`),
      decryptString: (data) => Buffer.from(data.toString().slice(4), 'base64').toString(),
    },
    createWindow: (options) => {
      const window = new FakeWindow(options);
      fake.windows.push(window);
      return window as unknown as ShellWindow;
    },
    createTray: (iconPath) => {
      const tray = new FakeTray(iconPath);
      fake.trays.push(tray);
      return tray as unknown as ReturnType<ElectronApi['createTray']>;
    },
    buildMenu: (template) => ({ template }) as unknown as Electron.Menu,
    notificationsSupported: () => true,
    createNotification: (options) => {
      const notification = new FakeNotification(options);
      fake.notifications.push(notification);
      return notification as unknown as ReturnType<ElectronApi['createNotification']>;
    },
    clearApplicationMenu: () => {
      fake.menuCleared = true;
    },
    // The real adapter over a net.request stand-in that reaches test servers with node:http.
    remoteFetch: netRequestFetch(fakeNetRequest(fake.netRequests)),
  };
  return fake;
}
