import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autostartFile, createLoginItem } from './login-item';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'ringback-login-'));
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
});

/** Login items as macOS and Windows keep them: what was set is what is read, unless the user changes it. */
function recordingApp() {
  const settings: Electron.Settings[] = [];
  const asked: (Electron.LoginItemSettingsOptions | undefined)[] = [];
  // `requiresApproval`: the user once switched Ringback off in System Settings; a registration
  // then waits there for their approval, and Electron reports it as not open at login.
  const system = { openAtLogin: false, requiresApproval: false };
  const app = {
    setLoginItemSettings: (value: Electron.Settings) => {
      settings.push(value);
      system.openAtLogin = value.openAtLogin ?? false;
    },
    getLoginItemSettings: (options?: Electron.LoginItemSettingsOptions) => {
      asked.push(options);
      const waiting = system.requiresApproval && system.openAtLogin;
      return {
        openAtLogin: system.openAtLogin && !waiting,
        status: waiting ? 'requires-approval' : system.openAtLogin ? 'enabled' : 'not-registered',
        wasOpenedAtLogin: false,
      } as Electron.LoginItemSettings;
    },
  };
  return { settings, asked, system, app };
}

describe('open at login on macOS and Windows', () => {
  it("registers the app itself as macOS's login item, without Windows-only arguments, and reads back the system's setting", async () => {
    const { settings, asked, system, app } = recordingApp();
    const item = createLoginItem({
      platform: 'darwin',
      app,
      env: {},
      homeDir: home,
      execPath: '/Applications/Ringback.app/Contents/MacOS/Ringback',
      launchArgs: ['/dev/checkout'],
    });
    await item.apply(true);
    expect(item.systemSetting()).toBe(true);
    // The user switches it off in System Settings > Login Items.
    system.openAtLogin = false;
    expect(item.systemSetting()).toBe(false);
    await item.apply(false);
    expect(settings).toEqual([
      { openAtLogin: true, type: 'mainAppService' },
      { openAtLogin: false, type: 'mainAppService' },
    ]);
    expect(asked).toEqual([{ type: 'mainAppService' }, { type: 'mainAppService' }]);
  });

  it('on macOS, a registration waiting for approval in System Settings is neither on nor off there', async () => {
    const { system, app } = recordingApp();
    const item = createLoginItem({
      platform: 'darwin',
      app,
      env: {},
      homeDir: home,
      execPath: '/A/Ringback',
    });
    system.requiresApproval = true;
    await item.apply(true);
    expect(item.systemSetting()).toBeNull();
    expect(item.awaitingApproval()).toBe(true);
    // Approved there.
    system.requiresApproval = false;
    expect(item.systemSetting()).toBe(true);
    expect(item.awaitingApproval()).toBe(false);
  });

  it("uses Windows's login items, started hidden, and keeps the app's own setting", async () => {
    const { settings, asked, app } = recordingApp();
    const item = createLoginItem({
      platform: 'win32',
      app,
      env: {},
      homeDir: home,
      execPath: 'C:\\Program Files\\Ringback\\Ringback.exe',
    });
    await item.apply(true);
    await item.apply(false);
    expect(settings).toEqual([
      { openAtLogin: true, args: ['--hidden'] },
      { openAtLogin: false, args: ['--hidden'] },
    ]);
    expect(item.systemSetting()).toBeNull();
    expect(item.awaitingApproval()).toBe(false);
    expect(asked).toEqual([]);
  });
});

describe('open at login on Linux', () => {
  it('writes an XDG autostart entry under ~/.config starting the executable hidden, and removes it', async () => {
    const { settings, app } = recordingApp();
    const item = createLoginItem({
      platform: 'linux',
      app,
      env: {},
      homeDir: home,
      execPath: '/opt/Ringback/ringback',
    });
    await item.apply(true);
    const file = join(home, '.config', 'autostart', 'ringback.desktop');
    const entry = await readFile(file, 'utf8');
    expect(entry.split('\n')).toEqual(
      expect.arrayContaining([
        '[Desktop Entry]',
        'Type=Application',
        'Name=Ringback',
        'Exec="/opt/Ringback/ringback" "--hidden"',
        'X-GNOME-Autostart-enabled=true',
      ]),
    );
    expect((await stat(file)).mode & 0o777).toBe(0o644);
    expect(settings).toEqual([]);
    await item.apply(false);
    await expect(stat(file)).rejects.toThrow();
    await item.apply(false);
  });

  it('starts the AppImage when run from one, and honours XDG_CONFIG_HOME', async () => {
    const configHome = join(home, 'cfg');
    const item = createLoginItem({
      platform: 'linux',
      app: recordingApp().app,
      env: { APPIMAGE: '/home/me/Apps/Ringback 1.0.AppImage', XDG_CONFIG_HOME: configHome },
      homeDir: home,
      execPath: '/tmp/.mount_Ringba/ringback',
      launchArgs: ['/ignored/in/an/appimage'],
    });
    await item.apply(true);
    const entry = await readFile(join(configHome, 'autostart', 'ringback.desktop'), 'utf8');
    expect(entry).toContain('Exec="/home/me/Apps/Ringback 1.0.AppImage" "--hidden"\n');
  });

  it('quotes what the Exec key reserves and passes the app folder in development', async () => {
    const item = createLoginItem({
      platform: 'linux',
      app: recordingApp().app,
      env: {},
      homeDir: home,
      execPath: '/usr/lib/electron/electron',
      launchArgs: ['/src/ring$back "100%"'],
    });
    await item.apply(true);
    const entry = await readFile(autostartFile({}, home), 'utf8');
    expect(entry).toContain(
      'Exec="/usr/lib/electron/electron" "/src/ring\\\\$back \\\\"100%%\\\\"" "--hidden"\n',
    );
  });

  it('ignores a relative XDG_CONFIG_HOME, as the spec says', () => {
    expect(autostartFile({ XDG_CONFIG_HOME: 'relative' }, '/home/me')).toBe(
      '/home/me/.config/autostart/ringback.desktop',
    );
  });
});
