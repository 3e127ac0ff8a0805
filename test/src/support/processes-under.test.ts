import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { stopProcessesUnder } from './processes-under';
import { waitFor } from './temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('stops the processes left running in a temp HOME, and no others', async () => {
  const root = await mkdtemp(join(tmpdir(), 'ringback-processes-under-'));
  cleanups.push(() => rm(root, { recursive: true, force: true }));
  const start = (home: string) => {
    const child = spawn('sleep', ['30'], { env: { ...process.env, HOME: home }, stdio: 'ignore' });
    cleanups.push(async () => void child.kill('SIGKILL'));
    return child.pid as number;
  };
  const left = start(join(root, 'home'));
  const other = start(`${root}-elsewhere`);
  await waitFor(() => alive(left) && alive(other), 5_000, 'the processes');

  expect(await stopProcessesUnder(root)).toEqual([left]);
  await waitFor(() => !alive(left), 5_000, 'the process in the temp HOME to stop');
  expect(alive(other)).toBe(true);
});
