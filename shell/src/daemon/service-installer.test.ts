import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CommandOutcome, RunCommand } from './run-command';
import { createServiceInstaller } from './service-installer';
import { readInstalledRecord, stableDaemonRoot } from './stable-daemon-copy';

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

  it('copies the daemon out of a translocated macOS app and points the service at the copy', async () => {
    const w = await world();
    const home = join(w.root, 'home');
    // What Gatekeeper runs when Ringback.app is opened from Downloads.
    const translocated = join(
      w.root,
      'private/var/folders/xy/abc123/T/AppTranslocation/5F0E-1A2B/d/Ringback.app/Contents/Resources/daemon',
    );
    await mkdir(translocated, { recursive: true });
    await writeFile(join(translocated, 'ringback.mjs'), '// cli 1.2.0\n');
    await writeFile(join(translocated, 'daemon.mjs'), '// daemon 1.2.0\n');
    const root = stableDaemonRoot('darwin', {}, home);
    const { calls, run } = recordingRun('v22.3.0');
    const result = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [join(translocated, 'ringback.mjs')],
      run,
      stable: { root, version: '1.2.0' },
    }).install();

    expect(result).toEqual({ ok: true, output: 'installed' });
    const copy = join(home, 'Library/Application Support/Ringback/daemon/1.2.0');
    expect(calls.at(-1)?.args).toEqual([join(copy, 'ringback.mjs'), 'service', 'install']);
    expect(await readFile(join(copy, 'daemon.mjs'), 'utf8')).toBe('// daemon 1.2.0\n');
    expect(await readInstalledRecord(root)).toEqual({ version: '1.2.0', cli: join(copy, 'ringback.mjs') });
  });

  it('refuses, saying why, to point the service into a translocated app it may not copy', async () => {
    const w = await world();
    const translocated = join(w.root, 'private/var/folders/xy/T/AppTranslocation/1/d/Ringback.app/daemon');
    await mkdir(translocated, { recursive: true });
    await writeFile(join(translocated, 'ringback.mjs'), '');
    const { calls, run } = recordingRun('v22.3.0');
    const result = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [join(translocated, 'ringback.mjs')],
      run,
    }).install();
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(result.ok || result.message).toMatch(/App Translocation.*Applications/);
    expect(calls.map((call) => call.args[0])).toEqual(['--version']);
  });

  it('refuses with the reason when the copy cannot be made, and runs no install', async () => {
    const w = await world();
    const blocked = join(w.root, 'not-a-folder');
    await writeFile(blocked, 'a file where the folder would go');
    const { calls, run } = recordingRun('v22.3.0');
    const result = await createServiceInstaller({
      env: { PATH: w.bin },
      cliCandidates: [w.repo],
      run,
      stable: { root: join(blocked, 'daemon'), version: '1.0.0' },
    }).install();
    expect(result).toMatchObject({ ok: false, reason: 'failed' });
    expect(result.ok || result.message).toContain(`could not be copied to ${join(blocked, 'daemon')}`);
    expect(calls.some((call) => call.args[1] === 'service')).toBe(false);
  });

  it('finds node through the user’s real PATH and hands that PATH to the service', async () => {
    const w = await world();
    const { calls, run } = recordingRun('v22.3.0');
    const realPath = [w.bin, '/usr/bin', '/bin'].join(delimiter);
    let asked = 0;
    const installer = createServiceInstaller({
      // A GUI launch's PATH, with no node on it.
      env: { PATH: '/usr/bin:/bin', HOME: '/home/ada' },
      cliCandidates: [w.repo],
      run,
      userPath: async () => {
        asked++;
        return { path: realPath, fromLoginShell: true };
      },
    });
    expect(await installer.install()).toMatchObject({ ok: true });
    await installer.install();
    expect(asked).toBe(1);
    expect(calls[1]?.command).toBe(w.node);
    expect(calls[1]?.env).toEqual({ PATH: realPath, HOME: '/home/ada' });
  });

  it('at start, installs the newer bundled daemon over an older one the service runs, and removes the old copy', async () => {
    const w = await world();
    const root = join(w.root, 'stable');
    const bundle = join(w.root, 'app', 'daemon');
    await mkdir(bundle, { recursive: true });
    await writeFile(join(bundle, 'ringback.mjs'), '// 1.0.0\n');
    const first = recordingRun('v22.3.0');
    const options = { env: { PATH: w.bin }, cliCandidates: [join(bundle, 'ringback.mjs')] };
    await createServiceInstaller({
      ...options,
      run: first.run,
      stable: { root, version: '1.0.0' },
    }).install();

    // Same version: nothing to do.
    const same = recordingRun('v22.3.0');
    expect(
      await createServiceInstaller({
        ...options,
        run: same.run,
        stable: { root, version: '1.0.0' },
      }).refreshIfOutdated(),
    ).toBeNull();
    expect(same.calls).toEqual([]);

    // The app was updated: its bundle is newer than the copy the service runs.
    await writeFile(join(bundle, 'ringback.mjs'), '// 1.1.0\n');
    const updated = recordingRun('v22.3.0', {
      code: 0,
      stdout: 'Login service: installed, running (…)\n',
      stderr: '',
    });
    const result = await createServiceInstaller({
      ...options,
      run: updated.run,
      stable: { root, version: '1.1.0' },
    }).refreshIfOutdated();
    expect(result).toMatchObject({ ok: true });
    expect(updated.calls.map((call) => call.args.slice(1))).toEqual([
      [],
      ['service', 'status'],
      ['service', 'install'],
    ]);
    expect(updated.calls.at(-1)?.args[0]).toBe(join(root, '1.1.0', 'ringback.mjs'));
    expect(await readdir(root)).toEqual(expect.arrayContaining(['1.1.0', 'installed.json']));
    expect(await readdir(root)).toHaveLength(2);
    expect(await readInstalledRecord(root)).toMatchObject({ version: '1.1.0' });
  });

  it('at start, leaves a service the user has since uninstalled alone', async () => {
    const w = await world();
    const root = join(w.root, 'stable');
    const options = { env: { PATH: w.bin }, cliCandidates: [w.repo] };
    await createServiceInstaller({
      ...options,
      run: recordingRun('v22.3.0').run,
      stable: { root, version: '1.0.0' },
    }).install();
    const removed = recordingRun('v22.3.0', {
      code: 0,
      stdout: 'Login service: not installed (`ringback service install` starts the daemon at login)\n',
      stderr: '',
    });
    expect(
      await createServiceInstaller({
        ...options,
        run: removed.run,
        stable: { root, version: '2.0.0' },
      }).refreshIfOutdated(),
    ).toBeNull();
    expect(removed.calls.some((call) => call.args[2] === 'install')).toBe(false);
  });

  it('at start, reinstalls the same version when the copy the service runs is missing (a crash while it was replaced)', async () => {
    const w = await world();
    const root = join(w.root, 'stable');
    const bundle = join(w.root, 'app', 'daemon');
    await mkdir(bundle, { recursive: true });
    await writeFile(join(bundle, 'ringback.mjs'), '// 1.0.0\n');
    const options = { env: { PATH: w.bin }, cliCandidates: [join(bundle, 'ringback.mjs')] };
    const stable = { root, version: '1.0.0' };
    await createServiceInstaller({ ...options, run: recordingRun('v22.3.0').run, stable }).install();
    // The copy was moved aside and the new one never renamed into place.
    await rm(join(root, '1.0.0'), { recursive: true });

    const repair = recordingRun('v22.3.0', {
      code: 0,
      stdout: 'Login service: installed, not running (…)\n',
      stderr: '',
    });
    const result = await createServiceInstaller({ ...options, run: repair.run, stable }).refreshIfOutdated();
    expect(result).toMatchObject({ ok: true });
    expect(repair.calls.map((call) => call.args.slice(1))).toEqual([
      [],
      ['service', 'status'],
      ['service', 'install'],
    ]);
    expect(await readFile(join(root, '1.0.0', 'ringback.mjs'), 'utf8')).toBe('// 1.0.0\n');

    // Repaired: the next start has nothing to do.
    const next = recordingRun('v22.3.0');
    expect(
      await createServiceInstaller({ ...options, run: next.run, stable }).refreshIfOutdated(),
    ).toBeNull();
    expect(next.calls).toEqual([]);
  });

  it('says so when the login shell gave no PATH, and asks it again at the next install', async () => {
    const w = await world();
    const { run } = recordingRun('v22.3.0');
    const answers = [
      { path: w.bin, fromLoginShell: false, loginShellProblem: '/bin/tcsh gave no PATH within 5 s' },
      { path: w.bin, fromLoginShell: true },
    ];
    let asked = 0;
    const installer = createServiceInstaller({
      env: { PATH: '/usr/bin:/bin' },
      cliCandidates: [w.repo],
      run,
      userPath: async () => answers[asked++] ?? { path: w.bin, fromLoginShell: true },
    });
    const first = await installer.install();
    expect(first).toMatchObject({ ok: true, output: 'installed' });
    const warning = first.ok ? first.warning : undefined;
    expect(warning).toMatch(/login shell did not answer in time/);
    expect(warning).toContain('/bin/tcsh gave no PATH within 5 s');
    expect(warning).toContain('claude');
    expect(warning).toContain('`ringback service install`');

    // Asked again, and this time it answered: no warning, and it is kept from then on.
    expect(await installer.install()).toEqual({ ok: true, output: 'installed' });
    await installer.install();
    expect(asked).toBe(2);
  });
});
