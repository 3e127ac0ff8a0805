import { describe, expect, it } from 'vitest';
import { runCommand } from './run-command';

describe('runCommand', () => {
  it('reports the exit code and output of a command, with the env it was given', async () => {
    const result = await runCommand(
      process.execPath,
      ['-e', 'console.log(process.env.RB_PROBE); console.error("warn"); process.exit(3)'],
      { env: { RB_PROBE: 'seen' }, timeoutMs: 10_000 },
    );
    expect(result).toEqual({ code: 3, stdout: 'seen\n', stderr: 'warn\n' });
  });

  it('never throws: a missing program ends with a null code and the reason', async () => {
    const result = await runCommand('/nonexistent/ringback-node', [], { env: {}, timeoutMs: 10_000 });
    expect(result.code).toBeNull();
    expect(result.stderr).toMatch(/ENOENT/);
  });
});
