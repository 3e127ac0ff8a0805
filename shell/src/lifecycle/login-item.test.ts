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

function recordingApp() {
  const settings: Electron.Settings[] = [];
  return { settings, app: { setLoginItemSettings: (value: Electron.Settings) => void settings.push(value) } };
}

describe('open at login on macOS and Windows', () => {
  for (const platform of ['darwin', 'win32'] as const) {
    it(`uses the system's login items on ${platform}, started hidden`, async () => {
      const { settings, app } = recordingApp();
      const item = createLoginItem({
        platform,
        app,
        env: {},
        homeDir: home,
        execPath: '/Applications/Ringback',
      });
      await item.apply(true);
      await item.apply(false);
      expect(settings).toEqual([
        { openAtLogin: true, args: ['--hidden'] },
        { openAtLogin: false, args: ['--hidden'] },
      ]);
    });
  }
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
