import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeInstallPlaces } from './node-install-places';
import { resolveUserPath, withPath } from './user-path';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-user-path-'));
  dirs.push(dir);
  return dir;
}

/** A home where volta, nvm (default alias → lts/* → lts/jod → v22) and ~/.local/bin are installed. */
async function homeWithInstalls(): Promise<string> {
  const home = await tempDir();
  for (const dir of [
    '.volta/bin',
    '.nvm/versions/node/v20.19.0/bin',
    '.nvm/versions/node/v22.3.0/bin',
    '.nvm/versions/node/v22.11.0/bin',
    '.nvm/alias/lts',
    '.local/bin',
  ])
    await mkdir(join(home, dir), { recursive: true });
  await writeFile(join(home, '.nvm/alias/default'), 'lts/*\n');
  await writeFile(join(home, '.nvm/alias/lts/*'), 'lts/jod\n');
  await writeFile(join(home, '.nvm/alias/lts/jod'), 'v22\n');
  return home;
}

async function fakeShell(body: string): Promise<string> {
  const shell = join(await tempDir(), 'fake-shell');
  await writeFile(shell, `#!/bin/sh\n${body}\n`);
  await chmod(shell, 0o755);
  return shell;
}

describe('nodeInstallPlaces', () => {
  it('finds volta, the version nvm’s default alias names, and ~/.local/bin, only where they exist', async () => {
    const home = await homeWithInstalls();
    const places = await nodeInstallPlaces({ platform: 'linux', home, env: {} });
    expect(places.slice(0, 3)).toEqual([
      join(home, '.volta/bin'),
      join(home, '.nvm/versions/node/v22.11.0/bin'),
      join(home, '.local/bin'),
    ]);
    expect(places).not.toContain(join(home, '.npm-global/bin'));
  });

  it('follows an exact nvm default and fnm’s default alias', async () => {
    const home = await homeWithInstalls();
    await writeFile(join(home, '.nvm/alias/default'), '20.19.0\n');
    await mkdir(join(home, 'fnm/aliases/default/bin'), { recursive: true });
    const places = await nodeInstallPlaces({ platform: 'darwin', home, env: { FNM_DIR: join(home, 'fnm') } });
    expect(places).toContain(join(home, '.nvm/versions/node/v20.19.0/bin'));
    expect(places).not.toContain(join(home, '.nvm/versions/node/v22.11.0/bin'));
    expect(places).toContain(join(home, 'fnm/aliases/default/bin'));
  });

  it('finds pnpm, bun, cargo and the npm prefix set in ~/.npmrc, where the agents are often installed', async () => {
    const home = await tempDir();
    for (const dir of ['Library/pnpm', '.local/share/pnpm', '.bun/bin', '.cargo/bin', 'npm-prefix/bin'])
      await mkdir(join(home, dir), { recursive: true });
    await writeFile(join(home, '.npmrc'), 'registry=https://registry.npmjs.org/\nprefix = ~/npm-prefix\n');
    const mac = await nodeInstallPlaces({ platform: 'darwin', home, env: {} });
    expect(mac).toEqual(
      expect.arrayContaining([
        join(home, 'Library/pnpm'),
        join(home, '.bun/bin'),
        join(home, '.cargo/bin'),
        join(home, 'npm-prefix/bin'),
      ]),
    );
    expect(mac).not.toContain(join(home, '.local/share/pnpm'));
    const linux = await nodeInstallPlaces({ platform: 'linux', home, env: {} });
    expect(linux).toContain(join(home, '.local/share/pnpm'));
    expect(linux).not.toContain(join(home, 'Library/pnpm'));
  });

  it('takes PNPM_HOME, BUN_INSTALL, CARGO_HOME and an npm prefix from the environment', async () => {
    const home = await tempDir();
    for (const dir of ['pn', 'bun/bin', 'cargo/bin', 'global/bin'])
      await mkdir(join(home, dir), { recursive: true });
    const places = await nodeInstallPlaces({
      platform: 'linux',
      home,
      env: {
        PNPM_HOME: join(home, 'pn'),
        BUN_INSTALL: join(home, 'bun'),
        CARGO_HOME: join(home, 'cargo'),
        NPM_CONFIG_PREFIX: join(home, 'global'),
      },
    });
    expect(places).toEqual(
      expect.arrayContaining([
        join(home, 'pn'),
        join(home, 'bun/bin'),
        join(home, 'cargo/bin'),
        join(home, 'global/bin'),
      ]),
    );
  });
});

describe.skipIf(process.platform === 'win32')('resolveUserPath', () => {
  it('is the login shell’s PATH first, then the app’s, then the install places, without the AppImage mount', async () => {
    const home = await homeWithInstalls();
    const shell = await fakeShell(
      'echo "motd: have a nice day"\nPATH=/opt/homebrew/bin:/usr/bin:/bin; export PATH\neval "$2"',
    );
    const env = {
      PATH: '/tmp/.mount_RingbaXYZ/usr/bin:/usr/bin:/bin:/usr/sbin',
      APPDIR: '/tmp/.mount_RingbaXYZ',
      SHELL: shell,
    };
    const resolved = await resolveUserPath({ platform: 'linux', env, home });
    expect(resolved.fromLoginShell).toBe(true);
    expect(resolved.loginShellProblem).toBeUndefined();
    const entries = resolved.path.split(':');
    expect(entries.slice(0, 4)).toEqual(['/opt/homebrew/bin', '/usr/bin', '/bin', '/usr/sbin']);
    expect(entries).toContain(join(home, '.volta/bin'));
    expect(resolved.path).not.toContain('.mount_');
    expect(new Set(entries).size).toBe(entries.length);
  });

  it('falls back to the install places first when the login shell hangs past its deadline', async () => {
    const home = await homeWithInstalls();
    const shell = await fakeShell('while :; do sleep 1; done');
    const resolved = await resolveUserPath({
      platform: 'darwin',
      env: { PATH: '/usr/bin:/bin:/usr/sbin:/sbin' },
      home,
      shell,
      deadlineMs: 200,
    });
    expect(resolved.fromLoginShell).toBe(false);
    expect(resolved.loginShellProblem).toContain(shell);
    const entries = resolved.path.split(':');
    expect(entries.slice(0, 3)).toEqual([
      join(home, '.volta/bin'),
      join(home, '.nvm/versions/node/v22.11.0/bin'),
      join(home, '.local/bin'),
    ]);
    expect(entries.indexOf('/usr/bin')).toBeGreaterThan(2);
  });
});

describe('withPath', () => {
  it('replaces PATH under the spelling the environment already uses', () => {
    expect(withPath({ Path: 'C:\\old', OTHER: '1' }, 'C:\\new')).toEqual({ Path: 'C:\\new', OTHER: '1' });
    expect(withPath({}, '/usr/bin')).toEqual({ PATH: '/usr/bin' });
  });
});
