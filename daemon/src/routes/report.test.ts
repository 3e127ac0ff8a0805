import type { AgentReport } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildLocalApi } from '../local-api/build-local-api';
import { createMemoryLogger } from '../log/logger';
import { reportRoutes } from './report';

let app: FastifyInstance;
afterEach(async () => {
  await app?.close();
});

async function build() {
  const accepted: AgentReport[] = [];
  app = await buildLocalApi({
    localApiKey: 'k'.repeat(43),
    logger: createMemoryLogger(),
    routes: [reportRoutes({ accept: async (report) => void accepted.push(report) })],
  });
  return { accepted };
}

/** The spec's Agent report, exactly: the five fields and nothing else. */
const specPayload = {
  session_id: '9f1c2b7e-5d2a-4f0e-9a63-2b8c7d1e4f50',
  cwd: '/home/dev/app',
  transcript_path: '/home/dev/.claude/projects/app/9f1c2b7e.jsonl',
  stop_hook_active: false,
  last_assistant_message: 'All 214 tests pass. Shall I open the pull request?',
};
const local = { host: '127.0.0.1:8790', 'content-type': 'application/json' };
const post = (payload: string, url = '/report', headers: Record<string, string> = local) =>
  app.inject({ method: 'POST', url, headers, payload });

describe('POST /report takes the Stop payload as the agent sends it', () => {
  it('accepts the spec’s bare payload as Claude Code’s', async () => {
    const { accepted } = await build();
    const res = await post(JSON.stringify(specPayload));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: true });
    expect(accepted).toEqual([{ source: 'claude-code', ...specPayload }]);
  });

  it('takes the agent from ?agent=, never from the payload', async () => {
    const { accepted } = await build();
    expect((await post(JSON.stringify(specPayload), '/report?agent=codex')).statusCode).toBe(202);
    expect((await post(JSON.stringify(specPayload), '/report?agent=claude-code')).statusCode).toBe(202);
    // A payload field of that name is the agent's own business, not ours.
    expect((await post(JSON.stringify({ ...specPayload, source: 'codex' }))).statusCode).toBe(202);
    expect(accepted.map((report) => report.source)).toEqual(['codex', 'claude-code', 'claude-code']);
  });

  it('refuses an unknown agent with 400 naming the parameter, and stores nothing', async () => {
    const { accepted } = await build();
    for (const query of ['agent=vim', 'agent=', 'agent=CODEX', 'agent=codex&agent=claude-code']) {
      const res = await post(JSON.stringify(specPayload), `/report?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ error: 'invalid_report' });
      expect(res.json().message, query).toMatch(/^agent\b/);
    }
    expect(accepted).toEqual([]);
  });

  it('accepts the fields agents add, and ignores them', async () => {
    const { accepted } = await build();
    const claude = {
      ...specPayload,
      hook_event_name: 'Stop',
      permission_mode: 'acceptEdits',
      model: { id: 'claude-x', display_name: 'Claude X' },
    };
    const codex = {
      ...specPayload,
      transcript_path: null,
      hook_event_name: 'Stop',
      model: 'gpt-5-codex',
      turn_id: '0199a213-81c0-7800-8aa1-bbab2a035a53',
      permission_mode: 'default',
    };
    expect((await post(JSON.stringify(claude))).statusCode).toBe(202);
    // Codex's own payload: transcript_path is null when the thread has no transcript file.
    expect((await post(JSON.stringify(codex), '/report?agent=codex')).statusCode).toBe(202);
    expect(accepted[0]).toEqual({ source: 'claude-code', ...specPayload, permission_mode: 'acceptEdits' });
    const { transcript_path: _none, ...withoutTranscript } = specPayload;
    expect(accepted[1]).toEqual({ source: 'codex', ...withoutTranscript, permission_mode: 'default' });
    expect(accepted[1]).not.toHaveProperty('model');
    expect(accepted[1]).not.toHaveProperty('turn_id');
    expect(accepted[1]).not.toHaveProperty('hook_event_name');
  });

  it('keeps permission_mode for the intake only when it is a plain word', async () => {
    const { accepted } = await build();
    for (const permission_mode of ['plan', 'bypassPermissions', 'dontAsk', 'on-request']) {
      expect((await post(JSON.stringify({ ...specPayload, permission_mode }))).statusCode).toBe(202);
    }
    // Never refused for it (it is the agent's field), but never handed on either.
    for (const permission_mode of ['--dangerously-skip', 'a b', '', 7, { mode: 'plan' }, 'x'.repeat(65)]) {
      expect((await post(JSON.stringify({ ...specPayload, permission_mode }))).statusCode).toBe(202);
    }
    expect(accepted.map((report) => report.permission_mode)).toEqual([
      'plan',
      'bypassPermissions',
      'dontAsk',
      'on-request',
      ...Array(6).fill(undefined),
    ]);
  });

  it.each([
    ['session_id', 42],
    ['session_id', ''],
    ['cwd', ['/home']],
    ['cwd', undefined],
    ['transcript_path', 12],
    ['stop_hook_active', 'yes'],
    ['last_assistant_message', { text: 'Done.' }],
    ['last_assistant_message', undefined],
  ])('refuses a payload whose %s is %j with 400 naming it, storing nothing', async (field, value) => {
    const { accepted } = await build();
    const res = await post(JSON.stringify({ ...specPayload, [field]: value }), '/report?agent=codex');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_report' });
    expect(res.json().message).toContain(field);
    expect(accepted).toEqual([]);
  });

  it.each([
    [
      'an Origin header',
      { ...local, origin: 'https://evil.example' },
      JSON.stringify(specPayload),
      403,
      'forbidden_origin',
    ],
    [
      'a loopback Host other than 127.0.0.1/localhost',
      { ...local, host: '[::1]:8790' },
      JSON.stringify(specPayload),
      403,
      'forbidden_host',
    ],
    [
      'a non-JSON media type',
      { ...local, 'content-type': 'text/plain' },
      JSON.stringify(specPayload),
      415,
      'unsupported_media_type',
    ],
    ['malformed JSON', local, '{"session_id":', 400, 'invalid_report'],
    ['an empty body', local, '', 400, 'invalid_report'],
    ['a body that is not an object', local, '["Done."]', 400, 'invalid_report'],
    [
      'an oversize body',
      local,
      JSON.stringify({ ...specPayload, last_assistant_message: 'x'.repeat(900_000) }),
      413,
      'payload_too_large',
    ],
  ])('still refuses %s', async (_name, headers, payload, status, code) => {
    const { accepted } = await build();
    const res = await post(payload, '/report?agent=codex', headers);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: code });
    expect(accepted).toEqual([]);
  });
});
