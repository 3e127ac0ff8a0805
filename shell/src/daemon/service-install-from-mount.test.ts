import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from './run-command';
import { createServiceInstaller } from './service-installer';
import { stableDaemonRoot } from './stable-daemon-copy';
import { resolveUserPath } from './user-path';

const exec = promisify(execFile);
const shellDir = fileURLToPath(new URL('../..', import.meta.url));

let root: string;
let mount: string;
let bundle: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'ringback-appimage-install-'));
  // What an AppImage is while it runs: a mount under /tmp that goes when the app quits.
  mount = join(root, 'tmp', '.mount_RingbaQx7');
  bundle = join(mount, 'resources', 'daemon');
  await exec(process.execPath, ['scripts/bundle-daemon.mjs', bundle], { cwd: shellDir });
}, 60_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

// The real bundled daemon writes a real systemd user unit; systemctl is a stand-in that says yes.
describe.skipIf(process.platform !== 'linux')('installing the service from an AppImage', () => {
  it('writes a unit that runs a copy in ~/.local/share with the login shell’s PATH, and the copy runs alone', async () => {
    const home = join(root, 'home');
    const bin = join(root, 'user-bin');
    await mkdir(home, { recursive: true });
    await mkdir(bin, { recursive: true });
    await symlink(process.execPath, join(bin, 'node'));
    await writeExecutable(
      join(bin, 'systemctl'),
      `#!/bin/sh\necho "$@" >> '${join(root, 'systemctl.log')}'\n`,
    );
    const shell = join(root, 'login-shell');
    await writeExecutable(
      shell,
      `#!/bin/sh\necho "Last login: today"\necho "[$LD_LIBRARY_PATH]" > '${join(root, 'shell-libraries')}'\nPATH='${bin}':/usr/bin:/bin; export PATH\neval "$2"\n`,
    );
    const env = {
      HOME: home,
      // A desktop launch through electron-builder's AppRun: its mount first on PATH and on the
      // library path, and no node anywhere.
      PATH: `${mount}:${join(mount, 'usr', 'sbin')}:/usr/bin:/bin`,
      LD_LIBRARY_PATH: join(mount, 'usr', 'lib'),
      APPDIR: mount,
      APPIMAGE: join(root, 'Downloads', 'Ringback-1.4.0.AppImage'),
      SHELL: shell,
      RINGBACK_HOME: join(root, 'data'),
    };
    const stable = { root: stableDaemonRoot('linux', env, home), version: '1.4.0' };
    const installer = createServiceInstaller({
      env,
      cliCandidates: [join(bundle, 'ringback.mjs')],
      run: runCommand,
      userPath: () => resolveUserPath({ platform: 'linux', env, home }),
      stable,
    });

    const result = await installer.install();
    expect(result).toMatchObject({ ok: true });

    const copy = join(home, '.local', 'share', 'ringback', 'daemon', '1.4.0');
    expect((await readdir(copy)).sort()).toEqual(['daemon.mjs', 'ringback.mjs']);
    const unit = await readFile(join(home, '.config', 'systemd', 'user', 'ringback.service'), 'utf8');
    expect(unit).toContain(`"${join(copy, 'ringback.mjs')}" run`);
    expect(unit).not.toContain('.mount_');
    expect(unit).toMatch(new RegExp(`Environment="PATH=${bin}:/usr/bin:/bin[:"]`));
    expect(await readFile(join(root, 'systemctl.log'), 'utf8')).toContain('--user restart ringback.service');
    // The programs started for the service never load the app's libraries.
    expect(await readFile(join(root, 'shell-libraries'), 'utf8')).toBe('[]\n');

    // The app quits and its mount goes: the copy still runs.
    await rm(mount, { recursive: true, force: true });
    const { stdout } = await exec(process.execPath, [join(copy, 'ringback.mjs'), 'service', 'status'], {
      cwd: root,
      env: { ...process.env, HOME: home, RINGBACK_HOME: join(root, 'data'), PATH: `${bin}:/usr/bin:/bin` },
    });
    expect(stdout).toContain('Login service: installed');
  });
});

async function writeExecutable(path: string, text: string): Promise<void> {
  await writeFile(path, text);
  await chmod(path, 0o755);
}
