import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOOK_FAILED_REVIEW_POLICY, resumeAgent, resumeCommand, resumeEnvironment } from './resume-agent';

async function script(body: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-resume-'));
  const path = join(dir, 'agent');
  await writeFile(path, `#!/bin/sh\n${body}\n`);
  await chmod(path, 0o755);
  return path;
}

describe('resumeCommand', () => {
  const request = { sessionId: 's-1', cwd: '/w', text: 'Yes' };

  it('continues Claude Code and Codex sessions the way their CLIs resume, the reply on stdin', () => {
    expect(resumeCommand({ ...request, source: 'claude-code' }, {}, {})).toEqual([
      'claude',
      ['--resume=s-1', '-p'],
    ]);
    // Codex refuses to resume outside a git repository without --skip-git-repo-check, though
    // the session ran there; `-` reads the prompt from stdin.
    expect(resumeCommand({ ...request, source: 'codex' }, {}, {})).toEqual([
      'codex',
      ['exec', 'resume', '--skip-git-repo-check', '-c', 'approvals_reviewer="user"', '--', 's-1', '-'],
    ]);
    expect(resumeCommand({ ...request, source: 'codex' }, {}, { RINGBACK_CODEX_BIN: '/opt/codex' })[0]).toBe(
      '/opt/codex',
    );
  });

  it('gives Claude Code the permission mode and Codex the sandbox the session had', () => {
    expect(
      resumeCommand({ ...request, source: 'claude-code' }, { permissionMode: 'acceptEdits' }, {}),
    ).toEqual(['claude', ['--resume=s-1', '--permission-mode=acceptEdits', '-p']]);
    // Codex's reviewer pinned off: `codex exec` then asks for nothing, whatever the user's config says.
    expect(resumeCommand({ ...request, source: 'codex' }, { sandbox: 'workspace-write' }, {})).toEqual([
      'codex',
      [
        'exec',
        'resume',
        '--skip-git-repo-check',
        '-c',
        'sandbox_mode="workspace-write"',
        '-c',
        'approvals_reviewer="user"',
        '--',
        's-1',
        '-',
      ],
    ]);
    // Its approvals to our hook (the phone): hooks on and Codex's reviewer on, so that exec asks at
    // all, the reviewer told to deny what the hook did not decide.
    expect(
      resumeCommand(
        { ...request, source: 'codex' },
        { sandbox: 'read-only', codexHookTimeoutSeconds: 630 },
        {},
      )[1],
    ).toEqual([
      'exec',
      'resume',
      '--skip-git-repo-check',
      '-c',
      'sandbox_mode="read-only"',
      '-c',
      'features.hooks=true',
      '-c',
      'approvals_reviewer="auto_review"',
      '-c',
      'approval_policy="on-request"',
      '-c',
      `auto_review.policy=${JSON.stringify(HOOK_FAILED_REVIEW_POLICY)}`,
      '--',
      's-1',
      '-',
    ]);
  });

  it('tells the hooks of a resumed session so, and a resumed Codex turn’s hook when Codex ends it', () => {
    expect(resumeEnvironment(request, {}, { PATH: '/bin' })).toEqual({
      PATH: '/bin',
      RINGBACK_RESUMED_SESSION: 's-1',
    });
    // A timeout inherited from elsewhere is not this turn's.
    expect(resumeEnvironment(request, {}, { RINGBACK_HOOK_TIMEOUT_SECONDS: '20' })).toEqual({
      RINGBACK_RESUMED_SESSION: 's-1',
    });
    expect(resumeEnvironment(request, { codexHookTimeoutSeconds: 630 }, {})).toEqual({
      RINGBACK_RESUMED_SESSION: 's-1',
      RINGBACK_HOOK_TIMEOUT_SECONDS: '630',
    });
  });

  it("names Ringback's permission-prompt MCP tool for a resumed Claude Code session, the server inline", () => {
    const permissionPrompt = {
      nodePath: '/usr/bin/node',
      cliScript: '/opt/ringback.mjs',
      dataDir: '/home/u/.ringback',
    };
    const [, args] = resumeCommand(
      { ...request, source: 'claude-code' },
      { permissionMode: 'acceptEdits', permissionPrompt },
      {},
    );
    expect(args[0]).toBe('--resume=s-1');
    expect(args.slice(-3)).toEqual(['--permission-prompt-tool', 'mcp__ringback__approve', '-p']);
    const config = JSON.parse(args[args.indexOf('--mcp-config') + 1] as string);
    expect(config).toEqual({
      mcpServers: {
        ringback: {
          type: 'stdio',
          command: '/usr/bin/node',
          args: ['/opt/ringback.mjs', 'hook', 'claude-code', 'permission-mcp'],
          env: {
            RINGBACK_SESSION_ID: 's-1',
            RINGBACK_HOME: '/home/u/.ringback',
            RINGBACK_RESUMED_SESSION: 's-1',
          },
          timeout: expect.any(Number),
        },
      },
    });
    // Claude Code never cuts the phone's wait short (the longest wait is an hour).
    expect(config.mcpServers.ringback.timeout).toBeGreaterThan(3600_000);
    // Codex's resume takes none of it.
    expect(
      resumeCommand({ ...request, source: 'codex' }, { permissionPrompt }, {})[1].join(' '),
    ).not.toContain('mcp');
  });

  it('never lets a session id that looks like an option be read as one', () => {
    const [, claude] = resumeCommand({ ...request, sessionId: '--help', source: 'claude-code' }, {}, {});
    expect(claude[0]).toBe('--resume=--help');
    const [, codex] = resumeCommand({ ...request, sessionId: '--help', source: 'codex' }, {}, {});
    expect(codex.slice(codex.indexOf('--'))).toEqual(['--', '--help', '-']);
  });
});

describe('resumeAgent', () => {
  it('runs the agent in the session directory, the reply whole on stdin and not in its arguments', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ringback-cwd-'));
    const out = join(cwd, 'args.txt');
    const input = join(cwd, 'stdin.txt');
    const bin = await script(`pwd > "${out}"; printf '%s\\n' "$@" >> "${out}"; cat > "${input}"`);
    const text = '--help; "quotes" & $dollars\n-\nsecond line';
    await resumeAgent(
      { source: 'claude-code', sessionId: 's-1', cwd, text, permissionMode: 'plan' },
      { permissionMode: 'plan' },
      { PATH: process.env.PATH, RINGBACK_CLAUDE_BIN: bin },
    );
    expect((await readFile(out, 'utf8')).split('\n')).toEqual([
      cwd,
      '--resume=s-1',
      '--permission-mode=plan',
      '-p',
      '',
    ]);
    expect(await readFile(input, 'utf8')).toBe(text);
  });

  it('names the resumed session for its hooks (RINGBACK_RESUMED_SESSION), keeping the rest of the environment', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ringback-cwd-'));
    const out = join(cwd, 'env.txt');
    const bin = await script(
      `printf '%s|%s\\n' "$RINGBACK_RESUMED_SESSION" "$KEPT" > "${out}"; cat > /dev/null`,
    );
    for (const source of ['claude-code', 'codex'] as const) {
      await resumeAgent(
        { source, sessionId: 's-1', cwd, text: 'Yes' },
        {},
        { PATH: process.env.PATH, KEPT: 'kept', RINGBACK_CLAUDE_BIN: bin, RINGBACK_CODEX_BIN: bin },
      );
      expect(await readFile(out, 'utf8'), source).toBe('s-1|kept\n');
    }
  });

  it('rejects with the reason when the agent is missing, fails at once, or the directory is gone', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'ringback-cwd-'));
    const request = { source: 'codex' as const, sessionId: 't', cwd, text: 'x' };
    await expect(resumeAgent(request, {}, { RINGBACK_CODEX_BIN: '/nonexistent/codex' })).rejects.toThrow(
      'not installed or not on PATH',
    );
    const failing = await script('echo "no such session: t" >&2; exit 3');
    await expect(resumeAgent(request, {}, { RINGBACK_CODEX_BIN: failing })).rejects.toThrow(
      /code 3: no such session: t/,
    );
    await expect(
      resumeAgent({ ...request, cwd: join(cwd, 'gone') }, {}, { RINGBACK_CODEX_BIN: failing }),
    ).rejects.toThrow('no longer exists');
  });
});
