import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodexHookTrust } from '../install/codex-hook-trust';
import { runInstallCommand } from '../install/index';
import { fakeHost, recordingRunner } from '../service/fake-runner';
import { runServiceCommand } from '../service/index';
import type { CliIo } from './cli-io';
import { statusCommand } from './status-command';

async function io() {
  const home = await mkdtemp(join(tmpdir(), 'ringback-status-'));
  const dataDir = join(home, '.ringback');
  const out: string[] = [];
  const cli: CliIo = {
    stdout: (text) => out.push(text),
    stderr: (text) => out.push(text),
    env: { RINGBACK_HOME: dataDir },
    home,
    nodePath: '/usr/bin/node',
    cliScript: '/opt/ringback/ringback.mjs',
  };
  return { cli, home, dataDir, output: () => out.splice(0).join('') };
}

describe('ringback status', () => {
  it('says whether each agent has the hook, and whether Codex trusts it', async () => {
    const { cli, home, dataDir, output } = await io();
    // Nothing listens on the discard port: the daemon reads as not running.
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: 9 }));
    expect(await statusCommand([], cli)).toBe(0);
    expect(output()).toMatch(
      /Claude Code hook: not installed \(run `ringback install`\)\nClaude Code permission hook: not installed \(run `ringback install`\)\nCodex hook: not installed/,
    );

    await runInstallCommand([], cli);
    output();
    await statusCommand([], cli);
    const hooksJson = join(home, '.codex', 'hooks.json');
    expect(output()).toContain(
      `Codex hook: installed in ${hooksJson}, NOT trusted by Codex: Codex skips it until you open Codex, type /hooks and trust it`,
    );

    const ours = (await readCodexHookTrust(home, {})).hook;
    await writeFile(
      join(home, '.codex', 'config.toml'),
      `[hooks.state."${ours?.key}"]\ntrusted_hash = "${ours?.hash}"\n`,
    );
    await statusCommand([], cli);
    const text = output();
    expect(text).toContain(`Claude Code hook: installed in ${join(home, '.claude', 'settings.json')}\n`);
    expect(text).toContain(`Codex hook: installed in ${hooksJson}, trusted by Codex\n`);
    expect(text).toContain('Claude Code permission hook: installed (the agent waits up to 630 s)\n');
    expect(text).toContain(
      'Codex permission hook: installed (the agent waits up to 630 s), NOT trusted by Codex',
    );
    expect(text).toContain(
      'Codex sessions resumed from the phone: a command outside the sandbox is refused (Codex does not run the permission hook (untrusted))\n',
    );

    const permission = (await readCodexHookTrust(home, {})).permissionHook;
    await writeFile(
      join(home, '.codex', 'config.toml'),
      [ours, permission]
        .map((hook) => `[hooks.state."${hook?.key}"]\ntrusted_hash = "${hook?.hash}"\n`)
        .join(''),
    );
    await statusCommand([], cli);
    expect(output()).toContain('Codex sessions resumed from the phone: their approvals ring the phone\n');

    await writeFile(
      join(home, '.codex', 'config.toml'),
      `[hooks.state."${ours?.key}"]\ntrusted_hash = "sha256:0"\n`,
    );
    await statusCommand([], cli);
    expect(output()).toContain('changed since Codex trusted it');
  });

  it('says whether the login service is installed and running', async () => {
    const { cli, home, dataDir, output } = await io();
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: 9 }));
    const { run, calls } = recordingRunner((line) =>
      line.includes('is-enabled')
        ? { stdout: 'enabled\n' }
        : line.includes('is-active')
          ? { stdout: 'active\n' }
          : undefined,
    );
    const host = fakeHost('linux', home, run);
    expect(await statusCommand([], cli, host)).toBe(0);
    expect(output()).toContain(
      'Login service: not installed (`ringback service install` starts the daemon at login)\n',
    );
    expect(calls).toEqual([]);

    expect(await runServiceCommand(['install'], cli, host)).toBe(0);
    output();
    await statusCommand([], cli, host);
    const unit = join(home, '.config', 'systemd', 'user', 'ringback.service');
    expect(output()).toContain(
      `Login service: installed, running (systemd user unit ${unit}: enabled, active)\n`,
    );
  });

  it('a service manager that cannot answer shows in the line, and status still exits 0', async () => {
    const { cli, home, dataDir, output } = await io();
    await mkdir(dataDir, { recursive: true });
    await writeFile(join(dataDir, 'daemon.json'), JSON.stringify({ localPort: 9 }));
    const { run } = recordingRunner(() => ({ code: 1, stderr: 'Failed to connect to bus\n' }));
    const host = fakeHost('linux', home, run);
    // The unit is written before systemctl refuses: status tells the truth about both.
    expect(await runServiceCommand(['install'], cli, host)).toBe(1);
    output();
    expect(await statusCommand([], cli, host)).toBe(0);
    expect(output()).toContain(
      'Login service: installed, NOT running (systemd user unit ' +
        `${join(home, '.config', 'systemd', 'user', 'ringback.service')}: ` +
        'unknown: Failed to connect to bus, unknown: Failed to connect to bus)\n',
    );

    const broken = fakeHost('linux', home, async () => {
      throw new Error('spawn systemctl ENOENT');
    });
    expect(await statusCommand([], cli, broken)).toBe(0);
    expect(output()).toContain('Login service: unknown (spawn systemctl ENOENT)\n');
  });
});
