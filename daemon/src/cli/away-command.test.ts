import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningDaemon, startDaemon } from '../daemon';
import { createMemoryLogger } from '../log/logger';
import { runAwayCommand } from './away-command';
import type { CliIo } from './cli-io';
import { statusCommand } from './status-command';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

let daemon: RunningDaemon | undefined;
afterEach(async () => {
  await daemon?.close();
  daemon = undefined;
});

async function io() {
  const home = await mkdtemp(join(tmpdir(), 'ringback-away-'));
  const dataDir = join(home, '.ringback');
  const out: string[] = [];
  const err: string[] = [];
  const cli: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    env: { RINGBACK_HOME: dataDir },
    home,
    nodePath: '/usr/bin/node',
    cliScript: '/opt/ringback/ringback.mjs',
  };
  return { cli, dataDir, output: () => out.splice(0).join(''), errors: () => err.splice(0).join('') };
}

describe('ringback away', () => {
  it('sets and reads the state through the running daemon: state, signal and idle time', async () => {
    const { cli, dataDir, output } = await io();
    const port = await freePort();
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: port }));
    daemon = await startDaemon({ dataDir, logger: createMemoryLogger(), env: {} });

    expect(await runAwayCommand(['on'], cli)).toBe(0);
    expect(output()).toMatch(
      /^Away: yes \(set by hand; `ringback away auto` follows the idle time again\)\nSignal: manual/,
    );
    // The desktop app reports its idle time; `auto` follows it.
    await daemon.app.inject({
      method: 'POST',
      url: '/presence',
      headers: { host: '127.0.0.1', authorization: `Bearer ${daemon.localApiKey}` },
      payload: { idleSeconds: 95 },
    });
    expect(await runAwayCommand(['auto'], cli)).toBe(0);
    expect(await runAwayCommand([], cli)).toBe(0);
    expect(output()).toMatch(
      /Away: yes \(auto: follows the idle time\)\nSignal: desktop-app \(the desktop app's idle time\)\nIdle: 9\d s \(away from 60 s idle\)\n/,
    );
    expect(await runAwayCommand(['off'], cli)).toBe(0);
    expect(output()).toContain('Away: no (set by hand');

    expect(await statusCommand([], cli)).toBe(0);
    // The desktop app's figure counts on from its report.
    expect(output()).toMatch(
      /\nPermission calls: on \(wait 600 s\); away: no \(off, signal manual, idle 9\d s\)\n/,
    );
    expect(JSON.parse(await readFile(join(dataDir, 'daemon.json'), 'utf8')).permissionCalls.away).toBe('off');
  });

  it('without a daemon, saves the setting for its next start', async () => {
    const { cli, dataDir, output } = await io();
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: 9, model: 'kept' }));
    expect(await runAwayCommand(['on'], cli)).toBe(0);
    expect(output()).toContain('Away: on (saved; the daemon is not running');
    const saved = JSON.parse(await readFile(join(dataDir, 'daemon.json'), 'utf8'));
    expect(saved).toMatchObject({
      localPort: 9,
      model: 'kept',
      permissionCalls: { away: 'on', waitSeconds: 600 },
    });
    expect(await runAwayCommand([], cli)).toBe(0);
    expect(output()).toContain('Away: on (the daemon is not running');
    expect(await statusCommand([], cli)).toBe(0);
    expect(output()).toContain('Permission calls: on (wait 600 s); away: on\n');
  });

  it('refuses anything but on, off or auto', async () => {
    const { cli, errors } = await io();
    expect(await runAwayCommand(['maybe'], cli)).toBe(2);
    expect(await runAwayCommand(['on', 'off'], cli)).toBe(2);
    expect(errors()).toContain('Usage: ringback away [on|off|auto]');
  });
});
