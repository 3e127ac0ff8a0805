import type {
  DesktopFacts,
  DesktopIpcChannel,
  DesktopPreferences,
  DeviceTokenSave,
  EndpointChunk,
  EndpointOpen,
  EndpointRequest,
  RingingCall,
  ServiceInstallResult,
  ShellStatus,
} from '@ringback/protocol';
import {
  createDaemonLink,
  createEndpointProxy,
  type DesktopIpcHandlers,
  fakeNetRequest,
  netRequestFetch,
  registerIpc,
} from '@ringback/shell';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * `window.ringback` as the preload exposes it, in the page: each function is one channel, sent
 * to the test through one exposed binding (bytes travel as base64, as a binding carries JSON).
 */
const PAGE_BRIDGE = `(() => {
  const toBase64 = (bytes) => { let text = ''; for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000)); return btoa(text); };
  const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const encode = (value) => JSON.stringify(value, (key, item) => item instanceof Uint8Array ? { __bytes: toBase64(item) } : item);
  const decode = (text) => text === undefined || text === null ? undefined : JSON.parse(text, (key, item) => item && typeof item === 'object' && typeof item.__bytes === 'string' ? fromBase64(item.__bytes) : item);
  const invoke = (channel) => async (...args) => decode(await window.__ringbackInvoke(channel, encode(args)));
  const shown = new Set();
  Object.defineProperty(window, '__ringbackShow', { value: (eventId) => { for (const listener of shown) listener(eventId); } });
  // The window "hidden" (minimised, or closed to the tray), as the page sees it.
  let hidden = false;
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(window, '__ringbackHide', { value: (value) => { hidden = value; document.dispatchEvent(new Event('visibilitychange')); } });
  const bridge = {
    kind: 'desktop',
    facts: invoke('shell:facts'),
    daemon: { pairing: invoke('daemon:pairing'), request: invoke('daemon:request'), installService: invoke('daemon:install-service') },
    deviceToken: { load: invoke('token:load'), save: invoke('token:save') },
    calls: {
      ringing: invoke('calls:ringing'),
      stopped: invoke('calls:stopped'),
      onShow: (listener) => { shown.add(listener); return () => shown.delete(listener); },
    },
    status: invoke('shell:status'),
    preferences: { get: invoke('preferences:get'), set: invoke('preferences:set') },
    endpoint: { allow: invoke('endpoint:allow'), open: invoke('endpoint:open'), read: invoke('endpoint:read'), cancel: invoke('endpoint:cancel') },
  };
  Object.defineProperty(window, 'ringback', { value: Object.freeze(bridge) });
})();`;

const encode = (value: unknown) =>
  value === undefined
    ? undefined
    : JSON.stringify(value, (_key, item) =>
        item instanceof Uint8Array ? { __bytes: Buffer.from(item).toString('base64') } : item,
      );
const decode = (text: string) =>
  JSON.parse(text, (_key, item) =>
    item && typeof item === 'object' && typeof item.__bytes === 'string'
      ? new Uint8Array(Buffer.from(item.__bytes, 'base64'))
      : item,
  ) as unknown[];

/** One request main made for the page: what was asked, main's answer, and the body as the page read it. */
export interface EndpointExchange {
  request: EndpointRequest;
  head: EndpointOpen;
  /** The chunks `endpoint:read` handed the page, in order. */
  chunks: Uint8Array[];
  /** How many `endpoint:read` calls the page made for it. */
  reads: number;
  /** Whether the page read it to its end. */
  done: boolean;
}

export interface FakeShell {
  /** Every call the page made, in order, by channel (endpoint reads left out: there are many). */
  readonly calls: { channel: DesktopIpcChannel; args: unknown[] }[];
  /** Every `endpoint:open` main answered, with its reads. */
  readonly endpoints: EndpointExchange[];
  readonly ringing: RingingCall[];
  readonly stopped: string[];
  readonly statuses: ShellStatus[];
  /** The token main would keep encrypted. */
  token: string | null;
  preferences: DesktopPreferences;
  installs: number;
  /** Clicks a call's native notification: main shows the window and tells the page. */
  show(page: Page, eventId: string): Promise<void>;
  /** Minimises (true) or restores (false) the window, as the page sees it. */
  hide(page: Page, hidden: boolean): Promise<void>;
}

/**
 * Main's side of the bridge for a Chromium context: the daemon reached for real through
 * `createDaemonLink` (key and port read from `dataDir`), endpoints through the real
 * `createEndpointProxy`, the rest (notifications, tray, preferences, token vault) recorded.
 */
export async function installFakeShell(
  context: BrowserContext,
  options: {
    dataDir: string;
    /** The app page's origin: main answers only its frames. */
    appOrigin: string;
    facts?: Partial<DesktopFacts>;
    install?: () => ServiceInstallResult;
  },
): Promise<FakeShell> {
  const link = createDaemonLink({ dataDir: options.dataDir });
  // As the app does: endpoints over Electron's net (here its stand-in on node:http).
  const proxy = createEndpointProxy({ fetch: netRequestFetch(fakeNetRequest()) });
  const facts: DesktopFacts = {
    platform: 'linux',
    trayAvailable: true,
    secretStorageAvailable: true,
    appVersion: '0.1.0',
    ...options.facts,
  };
  const shell: FakeShell = {
    calls: [],
    endpoints: [],
    ringing: [],
    stopped: [],
    statuses: [],
    token: null,
    preferences: { closeToTray: true, openAtLogin: false },
    installs: 0,
    async show(page, eventId) {
      await page.evaluate(
        (id) => (globalThis as unknown as { __ringbackShow(id: string): void }).__ringbackShow(id),
        eventId,
      );
    },
    async hide(page, hidden) {
      await page.evaluate(
        (value) => (globalThis as unknown as { __ringbackHide(v: boolean): void }).__ringbackHide(value),
        hidden,
      );
    },
  };
  const handlers: DesktopIpcHandlers = {
    'shell:facts': () => facts,
    'daemon:pairing': () => link.pairing(),
    'daemon:request': (request: Parameters<typeof link.request>[0]) => link.request(request),
    'daemon:install-service': () => {
      shell.installs += 1;
      return (
        options.install?.() ?? {
          ok: false,
          reason: 'no_node',
          message: 'node was not found on PATH',
        }
      );
    },
    'token:load': () => ({ ok: true, token: shell.token }),
    'token:save': (token: string | null): DeviceTokenSave => {
      shell.token = token;
      return { kept: 'keychain' };
    },
    'calls:ringing': (call: RingingCall) => {
      shell.ringing.push(call);
    },
    'calls:stopped': (eventId: string) => {
      shell.stopped.push(eventId);
    },
    'shell:status': (status: ShellStatus) => {
      shell.statuses.push(status);
    },
    'preferences:get': () => shell.preferences,
    'preferences:set': (change: Partial<DesktopPreferences>) => {
      shell.preferences = { ...shell.preferences, ...change };
      return shell.preferences;
    },
    'endpoint:allow': (bases: string[]) => proxy.allow(bases),
    'endpoint:open': async (request: EndpointRequest) => {
      const head = await proxy.open(request);
      shell.endpoints.push({ request, head, chunks: [], reads: 0, done: false });
      return head;
    },
    'endpoint:read': async (id: string) => {
      const chunk: EndpointChunk = await proxy.read(id);
      const exchange = shell.endpoints.find((item) => item.head.ok && item.head.id === id);
      if (exchange) {
        exchange.reads += 1;
        if ('done' in chunk && chunk.done) exchange.done = true;
        else if ('done' in chunk) exchange.chunks.push(chunk.chunk);
      }
      return chunk;
    },
    'endpoint:cancel': (id: string) => proxy.cancel(id),
  };
  // Main's own IPC registration, so every call passes the checks main makes (its sender is the
  // app's page, its arguments have the contract's shape) before its handler runs.
  type Invoked = (event: { senderFrame: { url: string } }, ...args: unknown[]) => Promise<unknown>;
  const registered = new Map<string, Invoked>();
  registerIpc(
    {
      handle: (channel, listener) => registered.set(channel, listener as unknown as Invoked),
      removeHandler: (channel) => registered.delete(channel),
    },
    handlers,
    (frameUrl) => new URL(frameUrl).origin === options.appOrigin,
  );
  await context.exposeBinding(
    '__ringbackInvoke',
    async (source, channel: DesktopIpcChannel, args: string) => {
      const decoded = decode(args);
      if (channel !== 'endpoint:read') shell.calls.push({ channel, args: decoded });
      const invoke = registered.get(channel);
      if (!invoke) throw new Error(`no handler for ${channel}`);
      return encode(await invoke({ senderFrame: { url: source.frame.url() } }, ...decoded));
    },
  );
  await context.addInitScript(PAGE_BRIDGE);
  return shell;
}
