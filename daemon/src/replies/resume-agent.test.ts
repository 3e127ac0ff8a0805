import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resumeAgent, resumeCommand } from './resume-agent';

async function script(body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-resume-'));
  const path = join(dir, 'agent');
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('resumeCommand', () => {
  it('continues Claude Code and Codex sessions the way their CLIs resume', () => {
    const request = { sessionId: 's-1', cwd: '/w', text: 'Yes' };
    expect(resumeCommand({ ...request, source: 'claude-code' }, {})).toEqual([
      'claude',
      ['--resume', 's-1', '-p', 'Yes'],
    ]);
    expect(resumeCommand({ ...request, source: 'codex' }, {})).toEqual([
      'codex',
      ['exec', 'resume', 's-1', 'Yes'],
    ]);
    expect(resumeCommand({ ...request, source: 'codex' }, { RINGBACK_CODEX_BIN: '/opt/codex' })[0]).toBe(
      '/opt/codex',
    );
  });
});

describe('resumeAgent', () => {
  it('runs the agent in the session directory with the reply as one argument', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ringback-cwd-'));
    const out = join(cwd, 'args.txt');
    const bin = await script(`pwd > "${out}"; printf '%s\\n' "$@" >> "${out}"`);
    await resumeAgent(
      { source: 'claude-code', sessionId: 's-1', cwd, text: 'Ship it; "quotes" & $dollars' },
      { PATH: process.env.PATH, RINGBACK_CLAUDE_BIN: bin },
    );
    expect((await readFile(out, 'utf8')).split('\n')).toEqual([
      cwd,
      '--resume',
      's-1',
      '-p',
      'Ship it; "quotes" & $dollars',
      '',
    ]);
  });

  it('rejects with the reason when the agent is missing, fails at once, or the directory is gone', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ringback-cwd-'));
    const request = { source: 'codex' as const, sessionId: 't', cwd, text: 'x' };
    await expect(resumeAgent(request, { RINGBACK_CODEX_BIN: '/nonexistent/codex' })).rejects.toThrow(
      'not installed or not on PATH',
    );
    const failing = await script('echo "no such session: t" >&2; exit 3');
    await expect(resumeAgent(request, { RINGBACK_CODEX_BIN: failing })).rejects.toThrow(
      /code 3: no such session: t/,
    );
    await expect(
      resumeAgent({ ...request, cwd: join(cwd, 'gone') }, { RINGBACK_CODEX_BIN: failing }),
    ).rejects.toThrow('no longer exists');
  });
});
