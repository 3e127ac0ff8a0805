import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findElectronBinary } from './find-electron';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-find-electron-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function executable(path: string): Promise<string> {
  await writeFile(path, '');
  await chmod(path, 0o755);
  return path;
}

describe('finding an Electron binary for the smoke check', () => {
  it('takes the dist named by ELECTRON_OVERRIDE_DIST_PATH', async () => {
    const binary = await executable(join(dir, 'electron'));
    const found = findElectronBinary({
      env: { ELECTRON_OVERRIDE_DIST_PATH: dir },
      electronPackageDir: join(dir, 'no-package'),
      platform: 'linux',
    });
    expect(found).toBe(binary);
  });

  it("takes the electron package's own download, at the path its path.txt names", async () => {
    await mkdir(join(dir, 'dist'));
    await writeFile(join(dir, 'path.txt'), 'electron');
    const binary = await executable(join(dir, 'dist', 'electron'));
    expect(findElectronBinary({ env: {}, electronPackageDir: dir })).toBe(binary);
  });

  it('finds none when the package was installed without its download, or the override is empty', async () => {
    expect(findElectronBinary({ env: {}, electronPackageDir: dir })).toBeNull();
    expect(
      findElectronBinary({ env: { ELECTRON_OVERRIDE_DIST_PATH: dir }, electronPackageDir: dir }),
    ).toBeNull();
  });
});

describe('npm run shell:smoke without a binary', () => {
  it('says so in one line and exits 0', async () => {
    const emptyDist = join(dir, 'empty');
    await mkdir(emptyDist);
    const script = fileURLToPath(new URL('./shell-smoke.ts', import.meta.url));
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, ELECTRON_OVERRIDE_DIST_PATH: emptyDist },
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stdout.trim().split('\n')).toEqual([
      expect.stringMatching(/^shell smoke check skipped: no Electron binary/),
    ]);
  });
});
