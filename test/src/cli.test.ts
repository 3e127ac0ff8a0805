import { chmod, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { freePort } from './support/free-port';
import { runRingback, runShellCommand } from './support/run-hook-process';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const baseEnv = (home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: home,
  ...extra,
});

describe('ringback status', () => {
  it('says the daemon is not running and what is configured', async () => {
    const dataDir = await makeDataDir({ config: { localPort: await freePort() } });
    const run = await runRingback(['status', '--data-dir', dataDir], baseEnv(dataDir));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Ringback daemon: not running');
    expect(run.stdout).toContain('LLM: not configured');
    expect(run.stdout).toContain('Relay: not logged in');
  });

  it('asks the running daemon, and names the model but never its key', async () => {
    const port = await freePort();
    const dataDir = await makeDataDir({
      config: {
        localPort: port,
        llm: {
          primary: { baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'sk-never-shown-4242', model: 'brief-mini' },
        },
      },
    });
    const daemon = await startDaemonProcess(dataDir, {}, null);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const run = await runRingback(['status'], baseEnv(dataDir, { RINGBACK_HOME: dataDir }));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`running on http://127.0.0.1:${port}`);
    expect(run.stdout).toContain('LLM: brief-mini at http://127.0.0.1:9/v1');
    expect(run.stdout).toMatch(/End-to-end key: set \(keyId /);
    expect(run.stdout).toContain('Outbox: 0 pending');
    expect(`${run.stdout}${run.stderr}`).not.toContain('sk-never-shown-4242');
  });
});

describe('ringback install', () => {
  it('registers a Stop hook that works as the agent runs it, and uninstall takes it away', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ringback-home-'));
    const port = await freePort();
    const dataDir = await makeDataDir({ config: { localPort: port } });
    const env = baseEnv(home, { RINGBACK_HOME: dataDir });
    await writeFile(
      join(await ensureDir(join(home, '.claude')), 'settings.json'),
      JSON.stringify({
        model: 'opus',
        hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }] },
      }),
    );

    const install = await runRingback(['install'], env);
    expect(install.code).toBe(0);
    expect(install.stdout).toContain('/hooks');
    const settings = JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8'));
    expect(settings.model).toBe('opus');
    const commands: string[] = settings.hooks.Stop.flatMap((group: { hooks: { command: string }[] }) =>
      group.hooks.map((hook) => hook.command),
    );
    expect(commands).toContain('notify-send done');
    const ours = commands.find((command) => command.includes('hook claude-code'));
    expect(ours).toBeDefined();
    const codex = JSON.parse(await readFile(join(home, '.codex', 'hooks.json'), 'utf8'));
    expect(JSON.stringify(codex)).toContain('hook codex');

    // Run the registered command the way Claude Code does, against the real daemon.
    const daemon = await startDaemonProcess(dataDir, {}, null);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const payload = JSON.stringify({
      session_id: 'installed-1',
      cwd: '/home/dev/app',
      stop_hook_active: false,
      last_assistant_message: 'Hook installed and working.',
    });
    const hook = await runShellCommand(ours as string, payload, env);
    expect(hook).toMatchObject({ code: 0, stdout: '', stderr: '' });
    // The report waits in the daemon's outbox (no relay here), as `ringback status` shows.
    await waitFor(async () => (await runRingback(['status'], env)).stdout.includes('Outbox: 1 pending'));

    // Installing again replaces rather than adds.
    expect((await runRingback(['install'], env)).code).toBe(0);
    const again = await readFile(join(home, '.claude', 'settings.json'), 'utf8');
    // One Stop hook and, beside it, one permission hook.
    expect(again.match(/hook claude-code"/g)).toHaveLength(1);
    expect(again.match(/hook claude-code permission"/g)).toHaveLength(1);

    const uninstall = await runRingback(['uninstall'], env);
    expect(uninstall.code).toBe(0);
    expect(JSON.parse(await readFile(join(home, '.claude', 'settings.json'), 'utf8'))).toEqual({
      model: 'opus',
      hooks: { Stop: [{ hooks: [{ type: 'command', command: 'notify-send done' }] }] },
    });
    expect(await readFile(join(home, '.codex', 'hooks.json'), 'utf8')).not.toContain('ringback');
  });

  it('answers an unknown command with its usage and exit code 2', async () => {
    const run = await runRingback(['fly'], baseEnv(tmpdir()));
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("unknown command 'fly'");
    expect(run.stderr).toContain('install');
  });
});

/** A `systemctl` first on PATH: one that works, or one that answers as in a container without systemd. */
async function fakeSystemctl(behaviour: 'works' | 'no user manager'): Promise<string> {
  const bin = await mkdtemp(join(tmpdir(), 'ringback-bin-'));
  const body =
    behaviour === 'works' ? 'exit 0' : 'echo "Failed to connect to bus: No medium found" >&2\nexit 1';
  await writeFile(join(bin, 'systemctl'), `#!/bin/sh\n${body}\n`);
  await chmod(join(bin, 'systemctl'), 0o755);
  return bin;
}

describe.skipIf(process.platform !== 'linux')('ringback service', () => {
  it('uninstall without a systemd user manager removes the unit, says why it was not stopped, exits 0', async () => {
    const home = await mkdtemp(join(tmpdir(), 'ringback-home-'));
    const unit = join(home, '.config', 'systemd', 'user', 'ringback.service');
    const env = (bin: string) => baseEnv(home, { PATH: `${bin}:${process.env.PATH}` });
    const install = await runRingback(['service', 'install'], env(await fakeSystemctl('works')));
    expect(install.code).toBe(0);
    expect((await stat(unit)).isFile()).toBe(true);

    const uninstall = await runRingback(
      ['service', 'uninstall'],
      env(await fakeSystemctl('no user manager')),
    );
    expect(uninstall.stderr).toBe(
      'ringback service uninstall: could not stop it: `systemctl --user disable --now ringback.service` failed (exit 1): Failed to connect to bus: No medium found\n',
    );
    expect(uninstall.stdout).toBe(`Login service removed: ${unit}\n`);
    expect(uninstall.code).toBe(0);
    await expect(stat(unit)).rejects.toThrow();
  });
});

async function ensureDir(dir: string): Promise<string> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dir, { recursive: true });
  return dir;
}
