import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PendingEvents } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { RINGBACK_BIN } from './support/daemon-process';
import { freePort } from './support/free-port';
import { postReport, waitFor } from './support/temp-data-dir';

/**
 * `ringback up` makes a key, starts the relay as a child and creates the account before it says it
 * runs: about 2 s of CPU, which took over 15 s with the machine's two cores shared by a dozen busy
 * processes. A deadline for a loaded machine, not a measure of speed.
 */
const START_DEADLINE_MS = 60_000;

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function up(args: string[]) {
  const child = spawn(process.execPath, [RINGBACK_BIN, 'up', ...args], {
    env: { PATH: process.env.PATH, HOME: await mkdtemp(join(tmpdir(), 'ringback-up-home-')) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    return exited;
  };
  cleanups.push(async () => void (await stop()));
  await waitFor(
    () => output.includes('Stop with Ctrl-C'),
    START_DEADLINE_MS,
    `ringback up to start:\n${output}`,
  );
  return { output: () => output, stop };
}

describe('ringback up', () => {
  it('starts relay and daemon logged in to each other, with a pairing code for the phone', async () => {
    const [port, relayPort] = [await freePort(), await freePort()];
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-up-'));
    const relayDataDir = await mkdtemp(join(tmpdir(), 'ringback-up-relay-'));
    const args = [
      '--data-dir',
      dataDir,
      '--port',
      String(port),
      '--relay-data-dir',
      relayDataDir,
      '--relay-port',
      String(relayPort),
    ];
    const first = await up(args);
    expect(first.output()).toContain(`relay:  http://127.0.0.1:${relayPort}`);
    const link = new URL(/Pairing link: (\S+)/.exec(first.output())?.[1] ?? '');
    const redeemed = await fetch(`http://127.0.0.1:${relayPort}/v1/pairing-codes/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code: link.searchParams.get('code'), kind: 'app', name: 'Phone' }),
    });
    const { deviceToken } = (await redeemed.json()) as { deviceToken: string };

    expect(
      await postReport(`http://127.0.0.1:${port}`, {
        session_id: 's',
        cwd: '/w',
        last_assistant_message: 'All set.',
      }),
    ).toBe(202);
    await waitFor(
      async () => {
        const response = await fetch(`http://127.0.0.1:${relayPort}/v1/events/pending`, {
          headers: { authorization: `Bearer ${deviceToken}` },
        });
        return ((await response.json()) as PendingEvents).events.length === 1;
      },
      START_DEADLINE_MS,
      'the report on the relay',
    );
    expect(await first.stop()).toBe(0);

    // Started again: still logged in, nothing to claim.
    const second = await up(args);
    expect(second.output()).not.toContain('could not log');
    expect(second.output()).not.toContain('claim code');
    expect(await second.stop()).toBe(0);
  });
});
