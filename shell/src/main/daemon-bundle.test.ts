import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const shellDir = fileURLToPath(new URL('../..', import.meta.url));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-daemon-bundle-'));
  await run(process.execPath, ['scripts/bundle-daemon.mjs', join(dir, 'daemon')], { cwd: shellDir });
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the daemon as the packaged app ships it', () => {
  it('is the CLI and its module, and runs from a folder with no node_modules above it', async () => {
    expect((await readdir(join(dir, 'daemon'))).sort()).toEqual(['daemon.mjs', 'ringback.mjs']);
    const { stdout } = await run(
      process.execPath,
      [join(dir, 'daemon', 'ringback.mjs'), 'service', 'status'],
      {
        cwd: dir,
        env: { ...process.env, RINGBACK_HOME: join(dir, 'home'), NODE_PATH: '' },
      },
    );
    expect(stdout).toContain('Login service');
  });
});
