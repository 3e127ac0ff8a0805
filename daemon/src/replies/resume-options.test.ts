import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CodexApprovals } from './codex-approvals';
import { codexSessionSandbox } from './codex-session-sandbox';
import { resolveResumeOptions } from './resume-options';

const THREAD = '01a2091b-a883-7122-a3c9-d06c7b7dcc11';

/** A line as Codex 0.169 writes it at the start of each turn of its rollout file. */
const turnContext = (sandbox: object) =>
  JSON.stringify({
    timestamp: '2026-11-23T15:52:13.000Z',
    type: 'turn_context',
    payload: { cwd: '/w', approval_policy: 'never', sandbox_policy: sandbox, model: 'gpt-5' },
  });

/** A CODEX_HOME holding one rollout file for THREAD with these lines. */
async function codexHome(lines: string[]): Promise<string> {
  const home = await mkdtemp(join(tmpdir(), 'ringback-codex-home-'));
  const day = join(home, 'sessions', '2026', '11', '23');
  await mkdir(day, { recursive: true });
  await writeFile(join(day, `rollout-2026-11-23T15-52-13-${THREAD}.jsonl`), `${lines.join('\n')}\n`);
  return home;
}

describe('codexSessionSandbox', () => {
  it("reads the sandbox of the thread's last turn from its rollout file", async () => {
    const home = await codexHome([
      JSON.stringify({ type: 'session_meta', payload: { id: THREAD } }),
      turnContext({ type: 'read-only' }),
      JSON.stringify({ type: 'response_item', payload: { output: 'x'.repeat(300_000) } }),
      turnContext({ type: 'workspace-write', network_access: false }),
      JSON.stringify({ type: 'event_msg', payload: { type: 'task_complete' } }),
    ]);
    expect(await codexSessionSandbox(THREAD, { CODEX_HOME: home })).toBe('workspace-write');
  });

  it('finds nothing for an unknown thread, a rollout without turns, or a sandbox it does not know', async () => {
    expect(await codexSessionSandbox(THREAD, { CODEX_HOME: await codexHome([]) })).toBeNull();
    expect(await codexSessionSandbox('other', { CODEX_HOME: await codexHome([]) })).toBeNull();
    const odd = await codexHome([turnContext({ type: '--dangerous' })]);
    expect(await codexSessionSandbox(THREAD, { CODEX_HOME: odd })).toBeNull();
  });
});

describe('resolveResumeOptions', () => {
  const claude = { source: 'claude-code' as const, sessionId: 's', cwd: '/w', text: 'Go' };
  const codex = { ...claude, source: 'codex' as const, sessionId: THREAD };

  it("resumes Claude Code in the session's own permission mode, else the configured one", async () => {
    const config = { replies: { claudePermissionMode: 'acceptEdits' } };
    expect(await resolveResumeOptions({ ...claude, permissionMode: 'plan' }, config, {})).toEqual({
      permissionMode: 'plan',
    });
    expect(await resolveResumeOptions(claude, config, {})).toEqual({ permissionMode: 'acceptEdits' });
    expect(await resolveResumeOptions(claude, {}, {})).toEqual({});
    // Never something that would read as an option.
    expect(await resolveResumeOptions({ ...claude, permissionMode: '--x' }, {}, {})).toEqual({});
    expect(await resolveResumeOptions(claude, { replies: { claudePermissionMode: '-p' } }, {})).toEqual({});
  });

  it("takes the configured mode for a session in Claude Code's default mode, where a person approves each edit", async () => {
    const config = { replies: { claudePermissionMode: 'acceptEdits' } };
    expect(await resolveResumeOptions({ ...claude, permissionMode: 'default' }, config, {})).toEqual({
      permissionMode: 'acceptEdits',
    });
    expect(await resolveResumeOptions({ ...claude, permissionMode: 'default' }, {}, {})).toEqual({
      permissionMode: 'default',
    });
  });

  it("resumes Codex in the session's own sandbox, else the configured one", async () => {
    const config = { replies: { codexSandbox: 'workspace-write' } };
    const none = { sessionSandbox: async () => null, home: await codexHome([]) };
    const home = await codexHome([turnContext({ type: 'danger-full-access' })]);
    expect(await resolveResumeOptions(codex, config, { CODEX_HOME: home }, { home })).toEqual({
      sandbox: 'danger-full-access',
    });
    expect(await resolveResumeOptions(codex, config, {}, none)).toEqual({ sandbox: 'workspace-write' });
    expect(await resolveResumeOptions(codex, {}, {}, none)).toEqual({});
    expect(await resolveResumeOptions(codex, { replies: { codexSandbox: 'anything' } }, {}, none)).toEqual(
      {},
    );
  });

  it("says whether a resumed Codex turn's approvals go to the phone, and why not", async () => {
    const said: CodexApprovals[] = [];
    const none = { sessionSandbox: async () => null, home: await codexHome([]) };
    await resolveResumeOptions(
      codex,
      {},
      {},
      { ...none, onCodexApprovals: (approvals) => said.push(approvals) },
    );
    await resolveResumeOptions(
      { ...codex, source: 'claude-code' },
      {},
      {},
      {
        ...none,
        onCodexApprovals: (approvals) => said.push(approvals),
      },
    );
    const optedOut = { replies: { codexApprovalsOnPhone: false } };
    await resolveResumeOptions(
      codex,
      optedOut,
      {},
      { ...none, onCodexApprovals: (approvals) => said.push(approvals) },
    );
    expect(said).toEqual([
      { byHook: false, why: 'the permission hook is not installed' },
      { byHook: false, why: 'replies.codexApprovalsOnPhone is false' },
    ]);
  });
});
