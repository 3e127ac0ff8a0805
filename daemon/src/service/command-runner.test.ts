import { describe, expect, it } from 'vitest';
import { runCommand } from './command-runner';

describe('runCommand (the real runner)', () => {
  it('reports the exit code and output without a shell', async () => {
    const result = await runCommand(process.execPath, ['-e', 'console.log("a $HOME b"); process.exit(3)']);
    expect(result).toEqual({ code: 3, stdout: 'a $HOME b\n', stderr: '' });
  });

  it('a program that does not exist is a failure with a reason, not a throw', async () => {
    const result = await runCommand('/nonexistent/ringback-no-such-program', []);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('ENOENT');
  });
});
