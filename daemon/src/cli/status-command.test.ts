import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCodexHookTrust } from '../install/codex-hook-trust';
import { runInstallCommand } from '../install/index';
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
      /Claude Code hook: not installed \(run `ringback install`\)\nCodex hook: not installed/,
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

    await writeFile(
      join(home, '.codex', 'config.toml'),
      `[hooks.state."${ours?.key}"]\ntrusted_hash = "sha256:0"\n`,
    );
    await statusCommand([], cli);
    expect(output()).toContain('changed since Codex trusted it');
  });
});
