import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryShellStore, type ShellState } from '../lifecycle/shell-store';
import { type FakeElectron, type FakeWindow, fakeElectron, fakeEvent } from './fake-electron';
import type { ShellOptions } from './shell-options';
import { type RunningShell, startShell } from './start-shell';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ringback-shell-'));
  await mkdir(join(root, 'client'), { recursive: true });
  await writeFile(join(root, 'client', 'index.html'), '<html><head></head><body>app</body></html>');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function optionsFor(overrides: Partial<ShellOptions> & { state?: Partial<ShellState> } = {}) {
  const store = memoryShellStore(overrides.state);
  const options: ShellOptions = {
    platform: 'linux',
    env: { XDG_CURRENT_DESKTOP: 'KDE', RINGBACK_HOME: join(root, 'daemon') },
    argv: ['ringback'],
    homeDir: root,
    execPath: '/opt/Ringback/ringback',
    launchArgs: [],
    appDir: join(root, 'client'),
    preloadPath: '/opt/Ringback/resources/app.asar/dist/preload.cjs',
    iconPath: '/opt/Ringback/resources/client/icon-192.png',
    cliCandidates: [],
    openStore: () => store,
    run: async () => ({ code: 0, stdout: '', stderr: '' }),
    ...overrides,
  };
  return { options, store };
}

async function started(
  fake: FakeElectron,
  options: ShellOptions,
): Promise<{ shell: RunningShell; window: FakeWindow }> {
  fake.app.paths.set('userData', join(root, 'user-data'));
  const starting = startShell(fake.api, options);
  fake.app.becomeReady();
  const shell = await starting;
  if (!shell) throw new Error('the shell did not start');
  return { shell, window: fake.windows[0] as FakeWindow };
}

/** Calls an IPC channel as the app's page would (registerIpc checks the frame URL). */
function invoke(fake: FakeElectron, channel: string, ...args: unknown[]) {
  const handler = fake.ipcHandlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ senderFrame: { url: 'app://ringback/' } }, ...args);
}

describe('startShell', () => {
  it('registers app:// as a privileged scheme, its scripts code-cached, before Electron is ready', async () => {
    const fake = fakeElectron();
    const starting = startShell(fake.api, optionsFor().options);
    expect(fake.schemes).toEqual([
      [
        {
          scheme: 'app',
          privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true },
        },
      ],
    ]);
    expect(fake.windows).toHaveLength(0);
    fake.app.becomeReady();
    await starting;
  });

  it('serves the client build at app://ringback/ and nothing at another host', async () => {
    const fake = fakeElectron();
    await started(fake, optionsFor().options);
    const handler = fake.protocolHandlers.get('app');
    const page = await handler?.(new Request('app://ringback/'));
    expect(await page?.text()).toContain('ringback-style-nonce');
    expect(page?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await handler?.(new Request('app://elsewhere/')))?.status).toBe(404);
  });

  it('quits in a second instance, and the first shows its window when launched again', async () => {
    const second = fakeElectron();
    second.app.lockGranted = false;
    expect(await startShell(second.api, optionsFor().options)).toBeNull();
    expect(second.app.quitCalls).toBe(1);
    expect(second.windows).toHaveLength(0);

    const first = fakeElectron();
    const { window } = await started(first, optionsFor({ argv: ['ringback', '--hidden'] }).options);
    window.emit('ready-to-show');
    expect(window.visible).toBe(false);
    first.app.emit('second-instance', {}, ['ringback'], '/');
    expect(window.visible).toBe(true);
    expect(window.focused).toBe(true);
    window.hide();
    first.app.emit('activate');
    expect(window.visible).toBe(true);
  });

  it('shows the window once ready, but stays in the tray when started at login', async () => {
    const normal = fakeElectron();
    const { window } = await started(normal, optionsFor().options);
    window.emit('ready-to-show');
    expect(window.calls).toEqual(['show']);

    const atLogin = fakeElectron();
    const hidden = await started(atLogin, optionsFor({ argv: ['ringback', '--hidden'] }).options);
    hidden.window.emit('ready-to-show');
    expect(hidden.window.calls).toEqual([]);

    const noTray = fakeElectron();
    const minimised = await started(
      noTray,
      optionsFor({ argv: ['ringback', '--hidden'], env: { XDG_CURRENT_DESKTOP: 'GNOME' } }).options,
    );
    minimised.window.emit('ready-to-show');
    expect(minimised.window.calls).toEqual(['showInactive', 'minimize']);

    const mac = fakeElectron('darwin');
    mac.app.wasOpenedAtLogin = true;
    const macLogin = await started(mac, optionsFor({ platform: 'darwin' }).options);
    macLogin.window.emit('ready-to-show');
    expect(macLogin.window.calls).toEqual([]);
  });

  it('titles the window in the last language, and follows the renderer', async () => {
    const fake = fakeElectron();
    const { options, store } = optionsFor({ state: { language: 'zh' } });
    const { window } = await started(fake, options);
    expect(window.title).toBe('Ringback 回电');
    expect(fake.trays[0]?.toolTip).toBe('Ringback 回电: 未连接');

    await invoke(fake, 'shell:status', { connected: true, missed: 2, language: 'en' });
    expect(window.title).toBe('Ringback');
    expect(fake.trays[0]?.toolTip).toBe('Ringback: Connected · 2 missed calls');
    expect(store.get('language')).toBe('en');
  });

  it("speaks the system's language at a first start, before the renderer has said anything", async () => {
    const chinese = fakeElectron();
    chinese.app.systemLanguages = ['zh-Hans-CN', 'en-US'];
    const { window } = await started(chinese, optionsFor().options);
    expect(window.title).toBe('Ringback 回电');
    const english = fakeElectron();
    english.app.systemLanguages = ['de-DE', 'zh-CN'];
    expect((await started(english, optionsFor().options)).window.title).toBe('Ringback');
  });

  it('names the app "Ringback" in every language: the OS keychain entry of the device token is named after it', async () => {
    const starts: { state?: Partial<ShellState>; systemLanguages: string[] }[] = [
      { state: { language: 'zh' }, systemLanguages: ['en-US'] },
      { state: { language: 'en' }, systemLanguages: ['zh-CN'] },
      { systemLanguages: ['zh-Hans-CN', 'en-US'] },
      { systemLanguages: ['de-DE'] },
    ];
    for (const { state, systemLanguages } of starts) {
      const fake = fakeElectron();
      fake.app.systemLanguages = systemLanguages;
      const { options } = optionsFor(state ? { state } : {});
      await started(fake, options);
      expect(fake.app.names).toEqual(['Ringback']);
      // The renderer switching the language renames nothing either.
      await invoke(fake, 'shell:status', { connected: false, missed: 0, language: 'zh' });
      await invoke(fake, 'shell:status', { connected: false, missed: 0, language: 'en' });
      expect(fake.app.names).toEqual(['Ringback']);
    }
  });

  /** A device token saved by an earlier run, under the fake keychain. */
  async function savedToken(fake: FakeElectron, token = 'dev_saved') {
    const userData = join(root, 'user-data');
    await mkdir(userData, { recursive: true });
    await writeFile(join(userData, 'device-token.bin'), fake.api.safeStorage.encryptString(token));
  }
  const trayStatus = (fake: FakeElectron) => fake.trays[0]?.menu.find((item) => item.id === 'status')?.label;
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

  it('reports a saved device token the keychain cannot decrypt as a code, and a new one replaces it', async () => {
    quiet();
    const fake = fakeElectron();
    const userData = join(root, 'user-data');
    await mkdir(userData, { recursive: true });
    await writeFile(join(userData, 'device-token.bin'), 'v11-made-under-another-keychain-entry');
    const keychain = fake.api.safeStorage;
    fake.api.safeStorage = {
      ...keychain,
      decryptString: (data) => {
        if (!data.toString().startsWith('enc:'))
          throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
        return keychain.decryptString(data);
      },
    };
    await started(fake, optionsFor().options);
    expect(await invoke(fake, 'token:load')).toEqual({ ok: false, reason: 'undecryptable' });

    expect(await invoke(fake, 'token:save', 'dev_paired_again')).toEqual({ kept: 'keychain' });
    expect(await invoke(fake, 'token:load')).toEqual({ ok: true, token: 'dev_paired_again' });
  });

  it('at a start at login, a pairing the keychain cannot open is said in the tray and the window comes up', async () => {
    quiet();
    const fake = fakeElectron();
    await savedToken(fake);
    fake.api.safeStorage = {
      ...fake.api.safeStorage,
      decryptString: () => {
        throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      },
    };
    const { shell, window } = await started(fake, optionsFor({ argv: ['ringback', '--hidden'] }).options);
    window.emit('ready-to-show');
    await shell.savedPairingChecked;
    expect(trayStatus(fake)).toBe('Not connected: the saved pairing could not be read');
    expect(window.visible).toBe(true);

    // Pairing again clears it.
    await invoke(fake, 'token:save', 'dev_paired_again');
    expect(trayStatus(fake)).toBe('Not connected');
  });

  it('a keychain not up yet at login is asked again, and the page is reloaded once it answers', async () => {
    const fake = fakeElectron();
    await savedToken(fake);
    const logged = quiet();
    let asked = 0;
    // The keyring answers from the third time on (it was unlocked meanwhile).
    fake.api.safeStorage = { ...fake.api.safeStorage, isEncryptionAvailable: () => ++asked > 2 };
    const { shell, window } = await started(
      fake,
      optionsFor({ argv: ['ringback', '--hidden'], keychainRetryDelaysMs: [1, 1, 1, 1] }).options,
    );
    window.emit('ready-to-show');
    await shell.savedPairingChecked;
    expect(trayStatus(fake)).toBe('Not connected');
    expect(window.visible).toBe(false);
    expect(window.loaded).toEqual(['app://ringback/', 'app://ringback/']);
    expect(await invoke(fake, 'token:load')).toEqual({ ok: true, token: 'dev_saved' });
    expect(logged).toHaveBeenCalled();
  });

  it('a keychain that stays away is given up on after the retries: tray and window say so, the ciphertext stays', async () => {
    quiet();
    const fake = fakeElectron();
    await savedToken(fake);
    fake.api.safeStorage = { ...fake.api.safeStorage, isEncryptionAvailable: () => false };
    const { shell, window } = await started(
      fake,
      optionsFor({ argv: ['ringback', '--hidden'], keychainRetryDelaysMs: [1, 1] }).options,
    );
    window.emit('ready-to-show');
    await shell.savedPairingChecked;
    expect(trayStatus(fake)).toBe('Not connected: the saved pairing could not be read');
    expect(window.visible).toBe(true);
    expect(window.loaded).toEqual(['app://ringback/']);
    expect(await invoke(fake, 'token:load')).toEqual({ ok: false, reason: 'keychain-unavailable' });

    // Pairing again meanwhile lasts until the app quits; the earlier pairing's ciphertext stays.
    expect(await invoke(fake, 'token:save', 'dev_for_now')).toEqual({ kept: 'memory' });
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(join(root, 'user-data', 'device-token.bin'))).toString()).toMatch(/^enc:/);
  });

  it('hides on close by default where a tray is seen, and quits from the tray menu', async () => {
    const fake = fakeElectron();
    const { window } = await started(fake, optionsFor().options);
    window.show();
    expect(window.tryClose()).toBe(false);
    expect(window.visible).toBe(false);
    fake.trays[0]?.clickItem('show');
    expect(window.visible).toBe(true);
    fake.trays[0]?.clickItem('quit');
    expect(fake.app.quitCalls).toBe(1);
    expect(window.tryClose()).toBe(true);
  });

  it('on a Linux desktop without a tray, closing quits unless the user chose the tray', async () => {
    const fake = fakeElectron();
    const { window } = await started(fake, optionsFor({ env: { XDG_CURRENT_DESKTOP: 'GNOME' } }).options);
    expect(await invoke(fake, 'shell:facts')).toEqual({
      platform: 'linux',
      trayAvailable: false,
      secretStorageAvailable: true,
      appVersion: '0.1.0',
    });
    expect(await invoke(fake, 'preferences:get')).toEqual({ closeToTray: false, openAtLogin: false });
    expect(await invoke(fake, 'preferences:set', { closeToTray: true })).toEqual({
      closeToTray: true,
      openAtLogin: false,
    });
    expect(window.tryClose()).toBe(false);
    await invoke(fake, 'preferences:set', { closeToTray: false });
    expect(window.tryClose()).toBe(true);
  });

  it('writes the autostart entry when the user asks to open at login', async () => {
    const fake = fakeElectron();
    await started(fake, optionsFor().options);
    await invoke(fake, 'preferences:set', { openAtLogin: true });
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(join(root, '.config', 'autostart', 'ringback.desktop'), 'utf8')).toContain(
      'Exec="/opt/Ringback/ringback" "--hidden"',
    );
  });

  it('remembers the window bounds on close and restores them at the next start', async () => {
    const fake = fakeElectron();
    const { options, store } = optionsFor();
    const { window } = await started(fake, options);
    window.normalBounds = { x: 200, y: 100, width: 1000, height: 760 };
    window.tryClose();
    expect(store.get('bounds')).toEqual({ x: 200, y: 100, width: 1000, height: 760 });

    const next = fakeElectron();
    const again = await started(next, { ...options });
    expect(again.window.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 760 });
  });

  it('rings through IPC: a notification whose click shows the call', async () => {
    const fake = fakeElectron();
    const { window } = await started(fake, optionsFor().options);
    await invoke(fake, 'calls:ringing', { eventId: 'evt-9', title: 'Codex · api', body: 'Done.' });
    expect(fake.notifications[0]?.options).toMatchObject({ urgency: 'critical', timeoutType: 'never' });
    fake.notifications[0]?.emit('click');
    expect(window.webContents.sent).toEqual([['calls:show', 'evt-9']]);
    await invoke(fake, 'calls:stopped', 'evt-9');
    expect(window.flashing).toBe(false);
  });

  it('registers a handler for every channel, refuses other senders, and removes them when quitting', async () => {
    const fake = fakeElectron();
    await started(fake, optionsFor().options);
    expect([...fake.ipcHandlers.keys()].sort()).toEqual(
      [
        'calls:ringing',
        'calls:stopped',
        'daemon:install-service',
        'daemon:pairing',
        'daemon:request',
        'endpoint:allow',
        'endpoint:cancel',
        'endpoint:open',
        'endpoint:read',
        'preferences:get',
        'preferences:set',
        'shell:facts',
        'shell:status',
        'token:load',
        'token:save',
      ].sort(),
    );
    const facts = fake.ipcHandlers.get('shell:facts');
    await expect(Promise.resolve(facts?.({ senderFrame: { url: 'https://evil.example/' } }))).rejects.toThrow(
      /refused/,
    );
    expect((await invoke(fake, 'daemon:pairing')) as { ok: boolean }).toMatchObject({
      ok: false,
      reason: 'no_key',
    });
    fake.app.emit('will-quit');
    expect(fake.ipcHandlers.size).toBe(0);
    expect(fake.trays[0]?.destroyed).toBe(true);
  });

  it('reaches endpoints through Electron’s net, and the daemon on 127.0.0.1 with Node’s fetch', async () => {
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      // The same server plays the daemon (its key and port in RINGBACK_HOME) and a model endpoint.
      await mkdir(join(root, 'daemon'), { recursive: true });
      await writeFile(join(root, 'daemon', 'local-api.key'), 'k'.repeat(43));
      await writeFile(join(root, 'daemon', 'daemon.json'), JSON.stringify({ localPort: port }));
      const fake = fakeElectron();
      await started(fake, optionsFor().options);

      expect(await invoke(fake, 'daemon:request', { method: 'GET', path: '/local/status' })).toMatchObject({
        ok: true,
        status: 200,
      });
      expect(fake.netRequests).toEqual([]);

      await invoke(fake, 'endpoint:allow', [`http://127.0.0.1:${port}/v1`]);
      const open = (await invoke(fake, 'endpoint:open', {
        url: `http://127.0.0.1:${port}/v1/models`,
        method: 'GET',
        headers: {},
      })) as { ok: boolean; id: string };
      expect(open).toMatchObject({ ok: true, status: 200 });
      await invoke(fake, 'endpoint:cancel', open.id);
      expect(fake.netRequests).toEqual([`http://127.0.0.1:${port}/v1/models`]);
      // The daemon also got the presence report the app sends at start (the order is the network's).
      expect([...seen].sort()).toEqual(['GET /local/status', 'GET /v1/models', 'POST /presence']);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("tells the daemon the system idle time, and sets away from the tray's checkbox", async () => {
    const seen: string[] = [];
    let away = 'auto';
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => {
        text += chunk;
      });
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${text}`);
        if (req.method === 'PUT') away = JSON.parse(text).away;
        const presence = {
          away: away === 'on',
          signal: away === 'auto' ? 'desktop-app' : 'manual',
          idleSeconds: 42,
        };
        const body = req.url === '/presence' ? presence : { settings: { away }, presence };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      await mkdir(join(root, 'daemon'), { recursive: true });
      await writeFile(join(root, 'daemon', 'local-api.key'), 'k'.repeat(43));
      await writeFile(join(root, 'daemon', 'daemon.json'), JSON.stringify({ localPort: port }));
      const fake = fakeElectron();
      fake.idleSeconds = 42;
      await started(fake, optionsFor().options);
      const tray = fake.trays[0];
      await vi.waitFor(() => expect(tray?.menu.find((item) => item.id === 'away')).toBeDefined());
      expect(seen).toEqual(['POST /presence {"idleSeconds":42}']);
      expect(tray?.menu.find((item) => item.id === 'away')?.checked).toBe(false);

      tray?.clickItem('away');
      await vi.waitFor(() => expect(tray?.menu.find((item) => item.id === 'away')?.checked).toBe(true));
      expect(seen.at(-1)).toBe('PUT /settings/permission-calls {"away":"on"}');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('reloads a window whose page crashed, says so in the tray, and stops watching when quitting', async () => {
    const fake = fakeElectron();
    const { window } = await started(fake, optionsFor().options);
    vi.useFakeTimers();
    try {
      expect(window.loaded).toEqual(['app://ringback/']);
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 11 });
      expect(fake.trays[0]?.menu.find((item) => item.id === 'recovery')?.label).toBe(
        'The window stopped; restarting…',
      );
      await vi.advanceTimersByTimeAsync(1_000);
      expect(window.loaded).toEqual(['app://ringback/', 'app://ringback/']);
      fake.app.emit('will-quit');
      window.webContents.emit('render-process-gone', fakeEvent(), { reason: 'crashed', exitCode: 11 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(window.loaded).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('on macOS, the stored open-at-login follows what the user set in System Settings, at start and on focus', async () => {
    const fake = fakeElectron('darwin');
    const { options, store } = optionsFor({ platform: 'darwin', state: { openAtLogin: true } });
    // Switched off in System Settings while the app was closed.
    fake.app.openAtLogin = false;
    const { window } = await started(fake, options);
    expect(store.get('openAtLogin')).toBe(false);
    expect(await invoke(fake, 'preferences:get')).toMatchObject({ openAtLogin: false });

    // Switched on again there while the app ran in the background; the window comes forward.
    fake.app.openAtLogin = true;
    window.focus();
    expect(store.get('openAtLogin')).toBe(true);

    await invoke(fake, 'preferences:set', { openAtLogin: false });
    expect(fake.app.loginItemSettings).toEqual([{ openAtLogin: false, type: 'mainAppService' }]);
    expect(await invoke(fake, 'preferences:get')).toMatchObject({ openAtLogin: false });
  });

  it('on macOS, a switch-on that waits for approval in System Settings stays on and says so', async () => {
    const fake = fakeElectron('darwin');
    // The user once switched Ringback off in System Settings: a new registration waits there.
    fake.app.loginItemRequiresApproval = true;
    const { options, store } = optionsFor({ platform: 'darwin' });
    const { window } = await started(fake, options);
    expect(await invoke(fake, 'preferences:set', { openAtLogin: true })).toEqual({
      closeToTray: true,
      openAtLogin: true,
      openAtLoginAwaitsApproval: true,
    });
    window.focus();
    expect(store.get('openAtLogin')).toBe(true);
    expect(await invoke(fake, 'preferences:get')).toMatchObject({ openAtLoginAwaitsApproval: true });

    // Approved in System Settings.
    fake.app.loginItemRequiresApproval = false;
    window.focus();
    expect(await invoke(fake, 'preferences:get')).toEqual({ closeToTray: true, openAtLogin: true });
  });

  it('on Windows, the stored open-at-login is the app’s own, set with the hidden-start argument', async () => {
    const fake = fakeElectron('win32');
    const { options, store } = optionsFor({ platform: 'win32', state: { openAtLogin: true } });
    const { window } = await started(fake, options);
    window.focus();
    expect(await invoke(fake, 'preferences:get')).toMatchObject({ openAtLogin: true });
    await invoke(fake, 'preferences:set', { openAtLogin: false });
    expect(fake.app.loginItemSettings).toEqual([{ openAtLogin: false, args: ['--hidden'] }]);
    expect(store.get('openAtLogin')).toBe(false);
  });
});
