import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linuxSessionCommand, missingTools, toolsForLinuxSession } from './linux-session';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-smoke-session-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function executable(path: string): Promise<string> {
  await writeFile(path, '#!/bin/sh\n');
  await chmod(path, 0o755);
  return path;
}

describe('the private session the Linux smoke check runs in', () => {
  it('runs the check again in its own D-Bus session, inside Xvfb when there is no display', () => {
    const again = { node: '/usr/bin/node', args: ['--import', 'tsx', 'shell-smoke.ts'] };
    expect(linuxSessionCommand({ hasDisplay: false, ...again })).toEqual([
      'xvfb-run',
      '-a',
      'dbus-run-session',
      '--',
      '/usr/bin/node',
      '--import',
      'tsx',
      'shell-smoke.ts',
    ]);
    expect(linuxSessionCommand({ hasDisplay: true, ...again })).toEqual([
      'dbus-run-session',
      '--',
      '/usr/bin/node',
      '--import',
      'tsx',
      'shell-smoke.ts',
    ]);
  });

  it('needs xvfb-run only without a display; always a D-Bus session and gnome-keyring', () => {
    expect(toolsForLinuxSession(true)).toEqual(['dbus-run-session', 'gnome-keyring-daemon']);
    expect(toolsForLinuxSession(false)).toEqual(['xvfb-run', 'dbus-run-session', 'gnome-keyring-daemon']);
  });

  it('names the tools not found on PATH', async () => {
    const bin = join(dir, 'bin');
    await mkdir(bin);
    await executable(join(bin, 'dbus-run-session'));
    await writeFile(join(bin, 'gnome-keyring-daemon'), 'not executable');
    expect(
      missingTools(['dbus-run-session', 'gnome-keyring-daemon', 'xvfb-run'], `${bin}:${dir}/none`),
    ).toEqual(['gnome-keyring-daemon', 'xvfb-run']);
  });
});

describe('npm run shell:smoke with Electron but no keyring tools', () => {
  it.runIf(process.platform === 'linux')('says what to install and fails', async () => {
    const dist = join(dir, 'dist');
    await mkdir(dist);
    await executable(join(dist, 'electron'));
    const emptyPath = join(dir, 'bin');
    await mkdir(emptyPath);
    const script = fileURLToPath(new URL('./shell-smoke.ts', import.meta.url));
    const { DISPLAY: _d, WAYLAND_DISPLAY: _w, ...rest } = process.env;
    const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
      env: { ...rest, PATH: emptyPath, ELECTRON_OVERRIDE_DIST_PATH: dist },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /shell smoke check failed: xvfb-run, dbus-run-session, gnome-keyring-daemon not found/,
    );
    expect(run.stderr).toMatch(/gnome-keyring/);
  });
});
