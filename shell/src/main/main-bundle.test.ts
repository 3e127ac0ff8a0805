import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const shellDir = fileURLToPath(new URL('../..', import.meta.url));

/**
 * A stand-in for the `electron` module, loaded with `node --require` before the bundle: it records
 * what main does, plays the page asking for the tray status in Chinese once the window is ready,
 * and prints the record when the process has nothing left to do.
 */
const FAKE_ELECTRON = `
const { EventEmitter } = require('node:events');
const Module = require('node:module');
const record = [];
// Signal handlers installed by anything the bundle loads (electron-store did, through when-exit).
const SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
const signalHandlers = () => Object.fromEntries(SIGNALS.map((name) => [name, process.listenerCount(name)]));
const signalsBefore = signalHandlers();
const handlers = new Map();
const paths = new Map([['appData', process.env.FAKE_APP_DATA]]);
class WebContents extends EventEmitter {
  session = { setPermissionRequestHandler() { record.push(['permissions', 'request']); },
              setPermissionCheckHandler() { record.push(['permissions', 'check']); } };
  send(...args) { record.push(['send', ...args]); }
  setWindowOpenHandler() { record.push(['windowOpenHandler']); }
}
class BrowserWindow extends EventEmitter {
  webContents = new WebContents();
  constructor(options) { super(); record.push(['window', options]); }
  loadURL(url) {
    record.push(['loadURL', url]);
    setImmediate(() => {
      this.emit('ready-to-show');
      handlers.get('shell:status')({ senderFrame: { url: 'app://ringback/' } }, { connected: true, missed: 1, language: 'zh' });
    });
    return Promise.resolve();
  }
  show() { record.push(['show']); }
  showInactive() {} minimize() {} focus() {} restore() {} hide() {}
  isMinimized() { return false; } isDestroyed() { return false; }
  setTitle(title) { record.push(['title', title]); }
  getNormalBounds() { return { x: 1, y: 2, width: 900, height: 700 }; }
}
class Tray extends EventEmitter {
  constructor(image) { super(); record.push(['tray', image.path]); }
  setToolTip(text) { record.push(['toolTip', text]); }
  setContextMenu() {}
  destroy() {}
}
const electron = {
  app: Object.assign(new EventEmitter(), {
    isPackaged: false,
    whenReady: () => Promise.resolve(),
    getPath: (name) => paths.get(name),
    setPath: (name, path) => { paths.set(name, path); },
    setName: (name) => record.push(['name', name]),
    getVersion: () => '0.1.0', getPreferredSystemLanguages: () => ['en-US'],
    requestSingleInstanceLock: () => true,
    setLoginItemSettings() {}, getLoginItemSettings: () => ({ wasOpenedAtLogin: false }),
    setAppUserModelId() {}, quit() {}, exit(code) { record.push(['exit', code]); },
  }),
  protocol: {
    registerSchemesAsPrivileged: (schemes) => record.push(['schemes', schemes]),
    handle: (scheme) => record.push(['handle', scheme]),
  },
  ipcMain: { handle: (channel, fn) => handlers.set(channel, fn), removeHandler: (c) => handlers.delete(c), on() {} },
  screen: { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] },
  shell: { openExternal: async () => {}, openPath: async () => '' },
  safeStorage: { isEncryptionAvailable: () => false, encryptString() {}, decryptString() {} },
  nativeImage: { createFromPath: (path) => ({ resize: () => ({ path }) }) },
  Menu: { buildFromTemplate: (template) => ({ template }), setApplicationMenu: () => record.push(['applicationMenu']) },
  Notification: class { static isSupported() { return true; } },
  BrowserWindow,
  Tray,
};
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'electron' ? electron : load.call(this, request, ...rest); };
let printed = false;
process.on('beforeExit', () => {
  if (printed) return;
  printed = true;
  console.log('RECORD ' + JSON.stringify({ record, channels: [...handlers.keys()], signalsBefore, signalsAfter: signalHandlers() }));
});
`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-bundle-'));
  await run(process.execPath, ['scripts/build-shell.mjs', join(dir, 'dist')], { cwd: shellDir });
  await writeFile(join(dir, 'fake-electron.cjs'), FAKE_ELECTRON);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the bundled main process (dist/main.cjs)', () => {
  it('builds a CommonJS preload whose only module is electron', async () => {
    const preload = await readFile(join(dir, 'dist', 'preload.cjs'), 'utf8');
    expect([...preload.matchAll(/require\("([^"]+)"\)/g)].map((match) => match[1])).toEqual(['electron']);
    expect(preload).toContain('exposeInMainWorld');
  });

  it('starts against the electron module: window, tray, store, IPC, and the start-to-window log', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--require', join(dir, 'fake-electron.cjs'), join(dir, 'dist', 'main.cjs')],
      {
        env: { ...process.env, FAKE_APP_DATA: dir, RINGBACK_SHELL_TIMING: '1', XDG_CURRENT_DESKTOP: 'KDE' },
      },
    );
    const line = stdout.split('\n').find((text) => text.startsWith('RECORD '));
    const { record, channels, signalsBefore, signalsAfter } = JSON.parse(
      line?.slice('RECORD '.length) ?? '{}',
    ) as {
      record: [string, ...unknown[]][];
      channels: string[];
      signalsBefore: Record<string, number>;
      signalsAfter: Record<string, number>;
    };
    const entries = (name: string) =>
      record.filter((entry) => entry[0] === name).map((entry) => entry.slice(1));
    expect(entries('exit')).toEqual([]);
    expect(entries('schemes')).toHaveLength(1);
    expect(entries('schemes')[0]).toEqual([[expect.objectContaining({ scheme: 'app' })]]);
    expect((entries('schemes')[0] as [[Electron.CustomScheme]])[0][0].privileges?.codeCache).toBe(true);
    // Quiet shutdown: nothing in the bundle takes SIGTERM and friends from Electron's own handling,
    // so a logout or a service stop still runs before-quit.
    expect(signalsBefore).toEqual({ SIGTERM: 0, SIGINT: 0, SIGHUP: 0, SIGQUIT: 0, SIGUSR2: 0 });
    expect(signalsAfter).toEqual(signalsBefore);
    expect(entries('handle')).toEqual([['app']]);
    expect(entries('loadURL')).toEqual([['app://ringback/']]);
    const [options] = entries('window')[0] as [Electron.BrowserWindowConstructorOptions];
    expect(options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
    });
    expect(options.webPreferences?.preload).toBe(join(dir, 'dist', 'preload.cjs'));
    expect(entries('show')).toEqual([[]]);
    expect(entries('title')).toEqual([['Ringback 回电']]);
    expect(entries('toolTip').at(-1)).toEqual(['Ringback 回电: 已连接 · 1 个未接来电']);
    expect(channels).toHaveLength(15);
    expect(stdout).toMatch(/ringback shell: window ready \d+ ms after the process started/);

    // The shell store kept the language, in the development user-data folder, for the owner only.
    const storeFile = join(dir, 'Ringback (development)', 'shell.json');
    expect(JSON.parse(await readFile(storeFile, 'utf8'))).toEqual({ language: 'zh' });
    expect((await stat(storeFile)).mode & 0o777).toBe(0o600);
  });
});
