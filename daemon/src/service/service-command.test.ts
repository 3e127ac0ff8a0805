import { mkdtemp, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CliIo } from '../cli/cli-io';
import { fakeHost, recordingRunner } from './fake-runner';
import { runServiceCommand } from './service-command';

async function setup(answer?: Parameters<typeof recordingRunner>[0], platform: NodeJS.Platform = 'linux') {
  const home = await mkdtemp(join(tmpdir(), 'ringback-service-'));
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: {},
    home,
    nodePath: '/opt/node/bin/node',
    cliScript: '/opt/ringback/daemon/dist/ringback.mjs',
  };
  const runner = recordingRunner(answer);
  return { io, host: fakeHost(platform, home, runner.run), out, err, calls: runner.calls };
}

describe('ringback service', () => {
  it('install, status, uninstall on Linux', async () => {
    const { io, host, out } = await setup((line) =>
      line.includes('is-enabled')
        ? { stdout: 'enabled\n' }
        : line.includes('is-active')
          ? { stdout: 'active\n' }
          : undefined,
    );
    expect(await runServiceCommand(['install'], io, host)).toBe(0);
    expect(out.join('')).toContain('Login service installed and started: systemd user unit');
    out.length = 0;
    expect(await runServiceCommand(['status'], io, host)).toBe(0);
    const unit = join(io.home, '.config/systemd/user/ringback.service');
    expect(out.join('')).toBe(
      `Login service: installed, running (systemd user unit ${unit}: enabled, active)\n`,
    );
    expect(await runServiceCommand(['uninstall'], io, host)).toBe(0);
  });

  it('a failing command prints what failed and exits 1', async () => {
    const { io, host, err } = await setup(() => ({ code: 1, stderr: 'Failed to connect to bus' }));
    expect(await runServiceCommand(['install'], io, host)).toBe(1);
    expect(err.join('')).toBe(
      'ringback service install: `systemctl --user daemon-reload` failed (exit 1): Failed to connect to bus\n',
    );
  });

  it('uninstall with no systemd user manager removes the unit, says why it could not stop it, exits 0', async () => {
    const { io, host } = await setup();
    expect(await runServiceCommand(['install'], io, host)).toBe(0);
    const noManager = await setup(() => ({ code: 1, stderr: 'Failed to connect to bus: No medium found' }));
    const unit = join(io.home, '.config/systemd/user/ringback.service');
    const cut = { ...noManager.host, home: io.home };
    expect(await runServiceCommand(['uninstall'], noManager.io, cut)).toBe(0);
    expect(noManager.err.join('')).toBe(
      'ringback service uninstall: could not stop it: `systemctl --user disable --now ringback.service` failed (exit 1): Failed to connect to bus: No medium found\n',
    );
    expect(noManager.out.join('')).toBe(`Login service removed: ${unit}\n`);
    await expect(stat(unit)).rejects.toThrow();
  });

  it('uninstall that leaves something of ours behind exits 1', async () => {
    const { io, host, out, err } = await setup(
      (line) => (line.includes('/Delete') ? { code: 1, stderr: 'ERROR: Access is denied.' } : undefined),
      'win32',
    );
    expect(await runServiceCommand(['uninstall'], io, host)).toBe(1);
    expect(err.join('')).toBe(
      'ringback service uninstall: `schtasks /Delete /TN Ringback /F` failed (exit 1): ERROR: Access is denied.\n',
    );
    expect(out).toEqual([]);
  });

  it('usage errors exit 2; other platforms exit 1 and run nothing', async () => {
    const { io, host, err, calls } = await setup();
    expect(await runServiceCommand([], io, host)).toBe(2);
    expect(await runServiceCommand(['start'], io, host)).toBe(2);
    expect(err.join('')).toContain('Usage: ringback service install|uninstall|status');
    const other = await setup(undefined, 'freebsd');
    expect(await runServiceCommand(['install'], other.io, other.host)).toBe(1);
    expect(other.err.join('')).toContain('no login service on freebsd');
    expect([...calls, ...other.calls]).toEqual([]);
  });
});
