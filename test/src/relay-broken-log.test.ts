import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, RELAY_BIN } from './support/daemon-process';
import { waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** User + system CPU time the process has used so far, in clock ticks. */
async function cpuTicks(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

describe('a relay whose log pipe broke', () => {
  it('keeps serving without spinning on its failed writes, and stops on SIGTERM', async () => {
    assertBuilt();
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-relay-log-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const child = spawn(process.execPath, [RELAY_BIN, '--port', '0', '--data-dir', dataDir], {
      env: { ...process.env, RINGBACK_OPEN_SIGNUP: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(() => void child.kill('SIGKILL'));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await waitFor(() => /relay listening on http/.test(output), 15_000, 'the relay to listen');
    const url = /relay listening on (http:\/\/\S+)/.exec(output)?.[1] ?? '';

    // Whoever read its log went away (a parent that died, a closed terminal).
    child.stdout.destroy();
    child.stderr.destroy();
    // Something to log: a stream with a bad token, then a SIGTERM ("stopping").
    expect(
      (await fetch(`${url}/v1/stream`, { headers: { authorization: 'Bearer dev_nope_nope_nope' } })).status,
    ).toBe(401);
    const before = await cpuTicks(child.pid ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Idle: well under a tenth of a core (10 ticks per second is a whole core).
    expect((await cpuTicks(child.pid ?? 0)) - before).toBeLessThan(10);

    child.kill('SIGTERM');
    const code = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000)),
    ]);
    expect(code).toBe(0);
  });
});
