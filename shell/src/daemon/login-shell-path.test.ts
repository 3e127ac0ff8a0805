import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readLoginShellPath } from './login-shell-path';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** A script standing for the user's $SHELL: it is run as `<shell> -ilc <command>`. */
async function fakeShell(body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-login-shell-'));
  dirs.push(dir);
  const shell = join(dir, 'fake-shell');
  await writeFile(shell, `#!/bin/sh\n${body}\n`);
  await chmod(shell, 0o755);
  return shell;
}

describe.skipIf(process.platform === 'win32')('readLoginShellPath', () => {
  it("reads the PATH the user's login shell sets, past whatever its rc files print", async () => {
    // Like a real login shell: rc files print noise, then the command runs with the rc's PATH.
    const shell = await fakeShell(
      [
        'echo "Welcome back! (from .zshrc)"',
        'echo "nvm: using node v22.3.0" >&2',
        '[ "$1" = "-ilc" ] || exit 64',
        'PATH=/opt/homebrew/bin:/home/ada/.nvm/versions/node/v22.3.0/bin:/usr/bin:/bin',
        'export PATH',
        'eval "$2"',
        'echo "bye from .zlogout"',
      ].join('\n'),
    );
    const path = await readLoginShellPath({ shell, env: { PATH: '/usr/bin:/bin' }, deadlineMs: 5_000 });
    expect(path).toBe('/opt/homebrew/bin:/home/ada/.nvm/versions/node/v22.3.0/bin:/usr/bin:/bin');
  });

  it('gives up at its deadline on a shell that hangs, and kills it and what it started', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ringback-login-shell-hang-'));
    dirs.push(dir);
    const pidFile = join(dir, 'child.pid');
    // The rc starts a child that holds stdout open, then waits for input that never comes.
    const shell = await fakeShell(`sleep 60 &\necho $! > '${pidFile}'\nwhile :; do sleep 1; done`);
    const path = await readLoginShellPath({ shell, env: { PATH: '/usr/bin:/bin' }, deadlineMs: 300 });
    expect(path).toBeNull();
    const { readFile } = await import('node:fs/promises');
    const child = Number((await readFile(pidFile, 'utf8')).trim());
    await expect(waitUntilGone(child)).resolves.toBe(true);
  });

  it('is null for a shell that fails, prints no markers or is not there', async () => {
    const failing = await fakeShell('echo "tcsh: -ilc: unknown option" >&2\nexit 1');
    expect(await readLoginShellPath({ shell: failing, env: {}, deadlineMs: 5_000 })).toBeNull();
    const silent = await fakeShell('echo /usr/bin:/bin');
    expect(await readLoginShellPath({ shell: silent, env: {}, deadlineMs: 5_000 })).toBeNull();
    expect(
      await readLoginShellPath({ shell: join(tmpdir(), 'no-such-shell-here'), env: {}, deadlineMs: 5_000 }),
    ).toBeNull();
  });
});

/** Polls (no timing asserted): a process killed with its group is gone soon after. */
async function waitUntilGone(pid: number): Promise<boolean> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return false;
}
