import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandOutcome, RunCommand } from './run-command';
import { createServiceInstaller } from './service-installer';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

interface Call {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

/** A temp world: a bin dir with an executable `node`, and a packaged and a repo daemon CLI. */
async function world() {
  const root = await mkdtemp(join(tmpdir(), 'ringback-shell-installer-'));
  dirs.push(root);
  const bin = join(root, 'bin');
  await mkdir(bin);
  const node = join(bin, 'node');
  await writeFile(node, '#!/bin/sh\n');
  await chmod(node, 0o755);
  const packaged = join(root, 'resources', 'ringback.mjs');
  const repo = join(root, 'repo', 'daemon', 'dist', 'ringback.mjs');
  await mkdir(join(root, 'repo', 'daemon', 'dist'), { recursive: true });
  await writeFile(repo, '// cli\n');
  return { root, bin, node, packaged, repo };
}

function recordingRun(
  version: string,
  install: CommandOutcome = { code: 0, stdout: 'installed\n', stderr: '' },
) {
  const calls: Call[] = [];
  const run: RunCommand = async (command, args, options) => {
    calls.push({ command, args, ...options });
    if (args[0] === '--version') return { code: 0, stdout: `${version}\n`, stderr: '' };
    return install;
  };
  return { calls, run };
}

describe('createServiceInstaller', () => {
  it('runs the first daemon CLI that exists with the node on PATH', async () => {
    const w = await world();
    const env = { PATH: [join(w.root, 'nowhere'), w.bin].join(delimiter), RINGBACK_HOME: '/data' };
    const { calls, run } = recordingRun('v20.19.0');
    const result = await createServiceInstaller({ env, cliCandidates: [w.packaged, w.repo], run }).install();

    expect(result).toEqual({ ok: true, output: 'installed' });
    expect(calls.map(({ command, args }) => [command, ...args])).toEqual([
      [w.node, '--version'],
      [w.node, w.repo, 'service', 'install'],
    ]);
    for (const call of calls) {
      expect(call.env).toBe(env);
      expect(call.timeoutMs).toBeGreaterThan(0);
    }
  });

  it('takes RINGBACK_CLI before the candidates', async () => {
    const w = await world();
    const own = join(w.root, 'own.mjs');
    await writeFile(own, '');
    const { calls, run } = recordingRun('v22.3.0');
    await createServiceInstaller({
      env: { PATH: w.bin, RINGBACK_CLI: own },
      cliCandidates: [w.repo],
      run,
    }).install();
    expect(calls[1]?.args[0]).toBe(own);
  });

  it('says so when no daemon CLI is there, without running anything', async () => {
    const w = await world();
    const { calls, run } = recordingRun('v22.3.0');
    const result = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [w.packaged],
      run,
    }).install();
    expect(result).toMatchObject({ ok: false, reason: 'no_daemon_cli' });
    expect(result.ok || result.message).toContain(w.packaged);
    expect(calls).toEqual([]);
  });

  it('needs a node on PATH', async () => {
    const w = await world();
    const { run } = recordingRun('v22.3.0');
    const result = await createServiceInstaller({
      env: { PATH: join(w.root, 'empty') },
      cliCandidates: [w.repo],
      run,
    }).install();
    expect(result).toMatchObject({ ok: false, reason: 'no_node' });
  });

  it('refuses a node older than 20.19 and one that does not tell its version', async () => {
    const w = await world();
    for (const version of ['v18.20.4', 'v20.18.1', 'not node']) {
      const { calls, run } = recordingRun(version);
      const result = await createServiceInstaller({
        env: { PATH: w.bin },
        cliCandidates: [w.repo],
        run,
      }).install();
      expect(result).toMatchObject({ ok: false, reason: 'no_node' });
      expect(calls).toHaveLength(1);
    }
  });

  it('reports a failing or unfinished install in the command’s own words', async () => {
    const w = await world();
    const failing = recordingRun('v20.19.0', { code: 1, stdout: '', stderr: 'systemctl --user failed\n' });
    const failed = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [w.repo],
      run: failing.run,
    }).install();
    expect(failed).toMatchObject({ ok: false, reason: 'failed' });
    expect(failed.ok || failed.message).toContain('systemctl --user failed');

    const hung = recordingRun('v20.19.0', { code: null, stdout: '', stderr: 'timed out after 60 s' });
    const unfinished = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [w.repo],
      run: hung.run,
    }).install();
    expect(unfinished).toMatchObject({ ok: false, reason: 'failed' });
    expect(unfinished.ok || unfinished.message).toMatch(/did not finish.*timed out/);
  });

  it('turns a run that throws into a failure', async () => {
    const w = await world();
    const result = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [w.repo],
      run: async (_command, args) => {
        if (args[0] === '--version') return { code: 0, stdout: 'v20.19.0', stderr: '' };
        throw new Error('spawn EACCES');
      },
    }).install();
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(result.ok || result.message).toContain('spawn EACCES');
  });
});
