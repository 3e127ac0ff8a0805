import { execFile } from 'node:child_process';
import { lstat, mkdir, mkdtemp, readFile, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { fakeHost, recordingRunner } from './fake-runner';
import { systemdUnit, systemdUnitPath, systemdUserService } from './systemd-user-unit';

const home = () => mkdtemp(join(tmpdir(), 'ringback-systemd-'));
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const canVerify = await stat(SYSTEMD_ANALYZE).then(
  () => true,
  () => false,
);

describe('systemd user unit', () => {
  it('lives under XDG_CONFIG_HOME when it is absolute, else ~/.config', () => {
    expect(systemdUnitPath('/home/ann', {})).toBe('/home/ann/.config/systemd/user/ringback.service');
    expect(systemdUnitPath('/home/ann', { XDG_CONFIG_HOME: '/x/cfg' })).toBe(
      '/x/cfg/systemd/user/ringback.service',
    );
    expect(systemdUnitPath('/home/ann', { XDG_CONFIG_HOME: 'rel' })).toBe(
      '/home/ann/.config/systemd/user/ringback.service',
    );
  });

  it('runs the absolute node and script, restarts on failure, starts with the user manager', () => {
    const unit = systemdUnit('/opt/node/bin/node', '/opt/ring back/100%/$x.mjs', { PATH: '/usr/bin:/bin' });
    expect(unit).toContain('ExecStart="/opt/node/bin/node" "/opt/ring back/100%%/$$x.mjs" run\n');
    expect(unit).toContain('Environment="PATH=/usr/bin:/bin"\n');
    expect(unit).toMatch(/^Description=.+$/m);
    expect(unit).toContain('Restart=on-failure\nRestartSec=5\n');
    expect(unit).toContain('[Install]\nWantedBy=default.target\n');
  });

  it('install writes the unit (0644), reloads, then enables and starts it', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner();
    const lines = await systemdUserService(fakeHost('linux', dir, run, { PATH: '/usr/bin' })).install();
    const path = join(dir, '.config/systemd/user/ringback.service');
    expect(calls).toEqual([
      ['systemctl', '--user', 'daemon-reload'],
      ['systemctl', '--user', 'enable', 'ringback.service'],
      ['systemctl', '--user', 'restart', 'ringback.service'],
    ]);
    expect((await stat(path)).mode & 0o777).toBe(0o644);
    expect(await readFile(path, 'utf8')).toContain(
      'ExecStart="/opt/node/bin/node" "/opt/ringback/daemon/dist/ringback.mjs" run',
    );
    expect(lines.join('\n')).toContain(path);
  });

  it('status: not installed without the file (asks systemctl nothing), else enabled/active', async () => {
    const dir = await home();
    const answers = recordingRunner((line) =>
      line.endsWith('is-enabled ringback.service')
        ? { stdout: 'enabled\n' }
        : line.endsWith('is-active ringback.service')
          ? { code: 3, stdout: 'inactive\n' }
          : undefined,
    );
    const service = systemdUserService(fakeHost('linux', dir, answers.run));
    expect(await service.status()).toMatchObject({ installed: false, running: false });
    expect(answers.calls).toEqual([]);
    await service.install();
    answers.calls.length = 0;
    expect(await service.status()).toMatchObject({
      installed: true,
      running: false,
      detail: 'enabled, inactive',
    });
    expect(answers.calls).toEqual([
      ['systemctl', '--user', 'is-enabled', 'ringback.service'],
      ['systemctl', '--user', 'is-active', 'ringback.service'],
    ]);
  });

  it('uninstall disables and stops it, removes the file, reloads', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner();
    const service = systemdUserService(fakeHost('linux', dir, run));
    await service.install();
    calls.length = 0;
    expect(await service.uninstall()).toEqual({
      lines: [`Login service stopped and removed: ${systemdUnitPath(dir, {})}`],
      warnings: [],
    });
    expect(calls).toEqual([
      ['systemctl', '--user', 'disable', '--now', 'ringback.service'],
      ['systemctl', '--user', 'daemon-reload'],
    ]);
    expect((await service.status()).installed).toBe(false);
    expect(await service.uninstall()).toEqual({
      lines: [expect.stringContaining('not installed')],
      warnings: [],
    });
  });

  it('with no user manager, uninstall removes the unit and its enable link anyway and says why it could not stop it', async () => {
    const dir = await home();
    await systemdUserService(fakeHost('linux', dir, recordingRunner().run)).install();
    const path = systemdUnitPath(dir, {});
    // What `systemctl --user enable` wrote when a manager was there at install.
    const wants = join(dir, '.config/systemd/user/default.target.wants/ringback.service');
    await mkdir(join(wants, '..'), { recursive: true });
    await symlink(path, wants);

    const noManager = recordingRunner(() => ({
      code: 1,
      stderr: 'Failed to connect to bus: No medium found\n',
    }));
    const service = systemdUserService(fakeHost('linux', dir, noManager.run));
    const outcome = await service.uninstall();
    expect(outcome.warnings).toEqual([
      'could not stop it: `systemctl --user disable --now ringback.service` failed (exit 1): Failed to connect to bus: No medium found',
    ]);
    expect(outcome.lines).toEqual([`Login service removed: ${path}`]);
    await expect(stat(path)).rejects.toThrow();
    await expect(lstat(wants)).rejects.toThrow();
    expect((await service.status()).installed).toBe(false);
    expect(await service.uninstall()).toEqual({
      lines: [expect.stringContaining('not installed')],
      warnings: [],
    });
  });

  it('a failing systemctl stops the install with its command and words', async () => {
    const dir = await home();
    const { run, calls } = recordingRunner((line) =>
      line.includes('enable')
        ? { code: 1, stderr: 'Failed to connect to bus: No medium found\n' }
        : undefined,
    );
    await expect(systemdUserService(fakeHost('linux', dir, run)).install()).rejects.toThrow(
      '`systemctl --user enable ringback.service` failed (exit 1): Failed to connect to bus: No medium found',
    );
    expect(calls).toHaveLength(2);
  });

  it.skipIf(!canVerify)(
    'the written unit passes `systemd-analyze --user verify` (skipped: no systemd-analyze)',
    async () => {
      const dir = await home();
      const runtime = join(dir, 'run');
      await mkdir(runtime, { mode: 0o700 });
      const host = { ...fakeHost('linux', dir, recordingRunner().run, { PATH: '/usr/bin:/bin' }) };
      // systemd checks that ExecStart's program exists and is executable: use this node.
      host.nodePath = process.execPath;
      host.cliScript = join(dir, 'ring back', 'ringback.mjs');
      await systemdUserService(host).install();
      const path = systemdUnitPath(dir, {});
      const env = {
        ...process.env,
        HOME: dir,
        XDG_CONFIG_HOME: join(dir, '.config'),
        XDG_RUNTIME_DIR: runtime,
      };
      const { stdout, stderr } = await promisify(execFile)(SYSTEMD_ANALYZE, ['--user', 'verify', path], {
        env,
      });
      // Exit 0 is required (execFile throws otherwise); any warning about our file fails the test.
      expect(`${stdout}${stderr}`.split('\n').filter((line) => line.includes('ringback.service'))).toEqual(
        [],
      );
    },
  );
});
