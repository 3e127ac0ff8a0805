import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REPORT_BODY_LIMIT_BYTES } from './hook-constants';
import { buildReport, fitMessage } from './run-hook';

let root: string;
let env: NodeJS.ProcessEnv;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ringback-run-hook-'));
  env = { CODEX_HOME: join(root, 'codex') };
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const claudePayload = (overrides: Record<string, unknown> = {}) => ({
  session_id: 'c0ffee-1',
  transcript_path: join(root, 'c0ffee-1.jsonl'),
  cwd: '/home/dev/app',
  hook_event_name: 'Stop',
  stop_hook_active: false,
  last_assistant_message: 'All tests pass. Shall I open a PR?',
  ...overrides,
});

const THREAD = '0199a213-81c0-7800-8aa1-bbab2a035a53';
/** Codex's Stop payload: transcript_path is null when the thread has no transcript file. */
const codexPayload = (overrides: Record<string, unknown> = {}) => ({
  session_id: THREAD,
  turn_id: '0199a213-81c0-7800-8aa1-000000000007',
  transcript_path: null,
  cwd: '/home/dev/app',
  hook_event_name: 'Stop',
  model: 'gpt-5-codex',
  permission_mode: 'default',
  stop_hook_active: false,
  last_assistant_message: 'Refactor done.',
  ...overrides,
});

async function codexRollout(thread: string): Promise<string> {
  const folder = join(root, 'codex', 'sessions', '2025', '06', '01');
  await mkdir(folder, { recursive: true });
  const path = join(folder, `rollout-2025-06-01T10-15-30-${thread}.jsonl`);
  await writeFile(path, '{"type":"session_meta"}\n');
  return path;
}

const bodyBytes = (report: unknown) => Buffer.byteLength(JSON.stringify(report));
const messageOf = (report: Record<string, unknown> | null) => report?.last_assistant_message as string;

describe('buildReport', () => {
  it('forwards a Claude Code turn’s payload as the agent sent it, every field included', () => {
    const payload = claudePayload({ permission_mode: 'acceptEdits', model: { id: 'claude-x' } });
    expect(buildReport('claude-code', payload, env)).toEqual(payload);
  });

  it('fills in only what the agent left out: the working directory', () => {
    const report = buildReport('claude-code', claudePayload({ cwd: undefined }), env);
    expect(report).toEqual({ ...claudePayload(), cwd: process.cwd() });
  });

  it('reports nothing after a forced continue (stop_hook_active)', () => {
    expect(buildReport('claude-code', claudePayload({ stop_hook_active: true }), env)).toBeNull();
  });

  it('reports nothing inside a Multica task', () => {
    expect(buildReport('claude-code', claudePayload(), { ...env, MULTICA_ISSUE_ID: 'ISS-12' })).toBeNull();
    expect(buildReport('claude-code', claudePayload(), { ...env, MULTICA_TASK_ID: 'task-7' })).toBeNull();
  });

  it('reports nothing without a session id or any message', () => {
    expect(buildReport('claude-code', claudePayload({ session_id: undefined }), env)).toBeNull();
    expect(buildReport('claude-code', claudePayload({ session_id: 42 }), env)).toBeNull();
    // No last_assistant_message and no transcript file to fall back on.
    expect(buildReport('claude-code', claudePayload({ last_assistant_message: undefined }), env)).toBeNull();
  });

  it('falls back to the transcript when Claude Code sends no last_assistant_message', async () => {
    const transcript = join(root, 'c0ffee-1.jsonl');
    await writeFile(
      transcript,
      [
        { type: 'user', message: { role: 'user', content: 'Run the tests' } },
        {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text: 'From the file.' }] },
        },
      ]
        .map((entry) => JSON.stringify(entry))
        .join('\n'),
    );
    for (const missing of [undefined, '', null]) {
      const report = buildReport('claude-code', claudePayload({ last_assistant_message: missing }), env);
      expect(report).toEqual({ ...claudePayload(), last_assistant_message: 'From the file.' });
    }
  });

  it('reports a Codex turn only when Codex keeps a rollout file under $CODEX_HOME/sessions', async () => {
    expect(buildReport('codex', codexPayload(), env)).toBeNull();
    await codexRollout(THREAD);
    expect(buildReport('codex', codexPayload(), env)).toEqual(codexPayload());
    // Another thread (such as an internal title-generation turn) has no rollout file.
    const other = '0199a213-81c0-7800-8aa1-000000000001';
    expect(buildReport('codex', codexPayload({ session_id: other }), env)).toBeNull();
    // A rollout under another Codex home does not count.
    expect(buildReport('codex', codexPayload(), { CODEX_HOME: join(root, 'other-codex') })).toBeNull();
  });

  it('takes a Codex thread_id when there is no session_id', async () => {
    await codexRollout(THREAD);
    const report = buildReport('codex', codexPayload({ session_id: undefined, thread_id: THREAD }), env);
    expect(report).toEqual({
      ...codexPayload({ session_id: undefined, thread_id: THREAD }),
      session_id: THREAD,
    });
  });

  it('drops the agent’s extra fields, never the spec’s, when they alone would not fit the body limit', () => {
    const payload: Record<string, unknown> = claudePayload({
      permission_mode: 'plan',
      huge: 'x'.repeat(REPORT_BODY_LIMIT_BYTES),
    });
    const report = buildReport('claude-code', payload, env);
    const { huge: _dropped, hook_event_name: _name, ...kept } = payload;
    expect(report).toEqual(kept);
  });

  describe('an oversize message', () => {
    it('is trimmed to fit the report body limit, keeping its end', () => {
      const message = `START ${'Lorem ipsum dolor sit amet. '.repeat(75_000)}Shall I merge? END`;
      expect(Buffer.byteLength(message)).toBeGreaterThan(2 * 1024 * 1024);
      const report = buildReport('claude-code', claudePayload({ last_assistant_message: message }), env);
      const kept = messageOf(report);
      expect(bodyBytes(report)).toBeLessThanOrEqual(REPORT_BODY_LIMIT_BYTES);
      expect(kept.startsWith('…\n')).toBe(true);
      expect(message.endsWith(kept.slice(2))).toBe(true);
      expect(kept.endsWith('Shall I merge? END')).toBe(true);
      expect(kept).not.toContain('START');
      // It keeps about as much as fits, not a small fraction of it.
      expect(bodyBytes(report)).toBeGreaterThan(REPORT_BODY_LIMIT_BYTES * 0.95);
    });

    it('fits even when most of it must be escaped in JSON (quotes, backslashes, newlines)', () => {
      const line = 'C:\\Users\\dev\\app\\"quoted"\\\n';
      const message = `${line.repeat(Math.ceil((2 * 1024 * 1024) / line.length))}"done"`;
      const report = buildReport('claude-code', claudePayload({ last_assistant_message: message }), env);
      const kept = messageOf(report);
      expect(bodyBytes(report)).toBeLessThanOrEqual(REPORT_BODY_LIMIT_BYTES);
      expect(message.endsWith(kept.slice(2))).toBe(true);
      expect(kept.endsWith('"done"')).toBe(true);
      expect(bodyBytes(report)).toBeGreaterThan(REPORT_BODY_LIMIT_BYTES * 0.9);
    });

    it('cuts multi-byte text (emoji, CJK) on a character boundary', () => {
      const message = `${'完成了 🎉 テスト合格 😀 '.repeat(100_000)}終わり`;
      const report = buildReport('claude-code', claudePayload({ last_assistant_message: message }), env);
      const kept = messageOf(report);
      expect(bodyBytes(report)).toBeLessThanOrEqual(REPORT_BODY_LIMIT_BYTES);
      expect(kept).not.toContain('\uFFFD');
      expect(message.endsWith(kept.slice(2))).toBe(true);
      expect(kept.endsWith('終わり')).toBe(true);
    });
  });
});

describe('fitMessage', () => {
  it('leaves a message that fits as it is', () => {
    expect(fitMessage('Short "reply"\n', 100)).toBe('Short "reply"\n');
  });

  it('fits terminal output whose control characters take 6 bytes each in JSON', () => {
    const message = `${'\u001b[32m✓ ok\u001b[0m\n'.repeat(60_000)}Done.`;
    const budget = 800 * 1024;
    const fitted = fitMessage(message, budget);
    expect(Buffer.byteLength(JSON.stringify(fitted))).toBeLessThanOrEqual(budget);
    expect(Buffer.byteLength(JSON.stringify(fitted))).toBeGreaterThan(budget - 64);
    expect(message.endsWith(fitted.slice(2))).toBe(true);
  });

  it('never leaves a broken character at the cut, whatever byte it falls on', () => {
    const message = '😀漢é'.repeat(2000);
    const budget = 4000;
    for (let shift = 0; shift < 12; shift++) {
      const fitted = fitMessage(message, budget - shift);
      expect(Buffer.byteLength(JSON.stringify(fitted))).toBeLessThanOrEqual(budget - shift);
      expect(fitted).not.toContain('\uFFFD');
      expect(fitted.startsWith('…\n')).toBe(true);
      expect(message.endsWith(fitted.slice(2))).toBe(true);
      expect(fitted.length).toBeGreaterThan(1000);
    }
  });
});
