import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RINGBACK_BIN } from './support/daemon-process';
import { waitFor } from './support/temp-data-dir';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/v1/stream`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

function importsOf(bundle: string): string[] {
  return [
    ...bundle.matchAll(/\bfrom\s*["']([^"']+)["']/g),
    ...bundle.matchAll(/\bimport\s*\(?\s*["']([^"']+)["']/g),
    ...bundle.matchAll(/\brequire\s*\(\s*["']([^"']+)["']/g),
  ].map((match) => match[1] ?? '');
}

/** Runs `ringback relay` on a free port and waits until the relay it starts listens. */
async function runRelayCommand(env: NodeJS.ProcessEnv = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'ringback-relay-cmd-'));
  const child = spawn(process.execPath, [RINGBACK_BIN, 'relay', '--port', '0', '--data-dir', dataDir], {
    env: { PATH: process.env.PATH, HOME: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => child.kill('SIGKILL'));
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  await waitFor(() => /relay listening on http/.test(output), 15_000, `the relay to listen:\n${output}`);
  const url = /relay listening on (http:\/\/\S+)/.exec(output)?.[1] ?? '';
  return { child, url, output: () => output };
}

describe('ringback relay', () => {
  it('runs the relay as its own process, which never outlives the command', async () => {
    const { child, url, output } = await runRelayCommand();
    expect(output()).toContain('claim code is');
    expect(await answers(url)).toBe(true);

    // Killed without a chance to clean up, the command leaves no relay behind.
    child.kill('SIGKILL');
    await waitFor(async () => !(await answers(url)), 10_000, 'the orphaned relay to stop');
  });

  it('stops the relay with itself on SIGTERM and exits 0', async () => {
    const { child, url } = await runRelayCommand({ RINGBACK_OPEN_SIGNUP: 'true' });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(await answers(url)).toBe(false);
  });

  it('a SIGTERM between the relay saying it listens and its ready message still stops it cleanly', async () => {
    // A stand-in relay that says it listens a second before it tells the command it is ready.
    const dir = await mkdtemp(join(tmpdir(), 'ringback-slow-relay-'));
    const bin = join(dir, 'slow-relay.mjs');
    await writeFile(
      bin,
      `console.log('relay listening on http://127.0.0.1:1');
process.on('SIGTERM', () => process.exit(0));
setTimeout(() => process.send({ type: 'relay-ready', url: 'http://127.0.0.1:1', port: 1, claimCode: null }), 1000);
setInterval(() => {}, 1000);
`,
    );
    const child = spawn(process.execPath, [RINGBACK_BIN, 'relay', '--port', '0'], {
      env: { PATH: process.env.PATH, HOME: dir, RINGBACK_RELAY_BIN: bin },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => child.kill('SIGKILL'));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(() => output.includes('relay listening'), 15_000, 'the stand-in to say it listens');
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });

  it('refuses a bad port with exit code 2', async () => {
    const child = spawn(process.execPath, [RINGBACK_BIN, 'relay', '--port', 'eighty'], {
      env: { PATH: process.env.PATH, HOME: tmpdir() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
    expect(stderr).toContain('--port must be a port number');
  });
});

describe('the daemon bundle', () => {
  it('carries neither the relay nor SQLite', async () => {
    const bundle = await readFile(join(dirname(RINGBACK_BIN), 'daemon.mjs'), 'utf8');
    const imports = importsOf(bundle);
    expect(imports.length).toBeGreaterThan(0);
    expect(
      imports.filter((name) => /better-sqlite3|@ringback\/relay|@fastify\/websocket/.test(name)),
    ).toEqual([]);
    // The relay's schema (undici's own HTTP cache store, bundled with it, has a table of its own).
    expect(bundle).not.toMatch(/CREATE TABLE (IF NOT EXISTS )?accounts\b/);
  });
});
