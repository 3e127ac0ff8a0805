import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { RINGBACK_BIN, startDaemonProcess } from './support/daemon-process';
import { freePort } from './support/free-port';
import { startRelayStandIn } from './support/relay-stand-in';
import { runHookProcess } from './support/run-hook-process';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface ReceivedReport {
  url: string;
  headers: Record<string, unknown>;
  body: Record<string, unknown>;
}

/** A stand-in for the daemon's `POST /report` that records what the hook sends. */
async function startReportSink(answer: 'accept' | 'hang' = 'accept') {
  const app = Fastify({ logger: false, bodyLimit: 2 * 1024 * 1024 });
  const received: ReceivedReport[] = [];
  app.post('/report', async (request, reply) => {
    received.push({
      url: request.url,
      headers: request.headers,
      body: request.body as Record<string, unknown>,
    });
    if (answer === 'hang') return new Promise(() => undefined);
    return reply.status(202).send({ accepted: true });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  cleanups.push(async () => {
    app.server.closeAllConnections();
    await app.close();
  });
  return { port, received };
}

/** An environment for the hook: a data dir whose daemon.json names `port`, a Codex home. */
async function hookEnv(port: number, extra: NodeJS.ProcessEnv = {}): Promise<NodeJS.ProcessEnv> {
  const home = await mkdtemp(join(tmpdir(), 'ringback-hook-'));
  await writeFile(join(home, 'daemon.json'), JSON.stringify({ localPort: port }));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    RINGBACK_HOME: home,
    CODEX_HOME: join(home, 'codex'),
    ...extra,
  };
  return env;
}

const claudePayload = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    session_id: 'c0ffee-1',
    transcript_path: '/home/dev/.claude/projects/app/c0ffee-1.jsonl',
    cwd: '/home/dev/app',
    hook_event_name: 'Stop',
    stop_hook_active: false,
    last_assistant_message: 'Fixed the flaky login test. Should I also bump the timeout in CI?',
    ...overrides,
  });

describe('the bundled Stop hook', () => {
  it('imports nothing but Node built-ins', async () => {
    const bundle = await readFile(RINGBACK_BIN, 'utf8');
    const specifiers = [
      ...bundle.matchAll(/\bfrom\s*["']([^"']+)["']/g),
      ...bundle.matchAll(/\bimport\s*\(?\s*["']([^"']+)["']/g),
      ...bundle.matchAll(/\brequire\s*\(\s*["']([^"']+)["']/g),
    ].map((match) => match[1]);
    expect(specifiers.length).toBeGreaterThan(0);
    expect(specifiers.filter((specifier) => !specifier?.startsWith('node:'))).toEqual([]);
  });

  it('still reports when copied away from every installed dependency', async () => {
    const sink = await startReportSink();
    const lonely = await mkdtemp(join(tmpdir(), 'ringback-lonely-'));
    await copyFile(RINGBACK_BIN, join(lonely, 'ringback.mjs'));
    const env = await hookEnv(sink.port);
    const run = await runHookProcess('claude-code', claudePayload(), env, join(lonely, 'ringback.mjs'));
    expect(run.code).toBe(0);
    expect(sink.received).toHaveLength(1);
  });

  it('hands a Claude Code turn to POST /report as JSON from a local process', async () => {
    const sink = await startReportSink();
    const run = await runHookProcess('claude-code', claudePayload(), await hookEnv(sink.port));
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sink.received).toHaveLength(1);
    const [report] = sink.received;
    expect(report?.headers['content-type']).toBe('application/json');
    expect(report?.headers.origin).toBeUndefined();
    // The agent is named in the URL; the payload goes on as Claude Code wrote it.
    expect(report?.url).toBe('/report?agent=claude-code');
    expect(report?.body).toEqual(JSON.parse(claudePayload()));
  });

  it('reads the transcript when an older Claude Code sends no last_assistant_message', async () => {
    const sink = await startReportSink();
    const env = await hookEnv(sink.port);
    const transcript = join(env.HOME as string, 'transcript.jsonl');
    await writeFile(
      transcript,
      [
        { type: 'user', message: { role: 'user', content: 'fix it' } },
        {
          type: 'assistant',
          message: { role: 'assistant', content: [{ type: 'text', text: 'All green now.' }] },
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n'),
    );
    const payload = claudePayload({ transcript_path: transcript, last_assistant_message: undefined });
    expect((await runHookProcess('claude-code', payload, env)).code).toBe(0);
    expect(sink.received[0]?.body.last_assistant_message).toBe('All green now.');
  });

  it('reports nothing after a forced continue or inside a Multica task', async () => {
    const sink = await startReportSink();
    const env = await hookEnv(sink.port);
    const forced = await runHookProcess('claude-code', claudePayload({ stop_hook_active: true }), env);
    const issue = await runHookProcess('claude-code', claudePayload(), { ...env, MULTICA_ISSUE_ID: 'ISS-7' });
    const task = await runHookProcess('codex', claudePayload(), { ...env, MULTICA_TASK_ID: 'task-9' });
    for (const run of [forced, issue, task]) expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sink.received).toEqual([]);
  });

  it('reports a Codex thread only when Codex keeps a rollout file for it', async () => {
    const sink = await startReportSink();
    const env = await hookEnv(sink.port);
    const day = join(env.CODEX_HOME as string, 'sessions', '2026', '11', '22');
    await mkdir(day, { recursive: true });
    const thread = '0199a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    await writeFile(join(day, `rollout-2026-11-22T10-00-00-${thread}.jsonl`), '{}\n');
    // Codex's Stop payload, with its own fields (transcript_path is null without a transcript file).
    const payload = (id: string) =>
      JSON.stringify({
        session_id: id,
        turn_id: '0199a1b2-c3d4-7e5f-8a9b-000000000001',
        transcript_path: null,
        cwd: '/srv/api',
        hook_event_name: 'Stop',
        model: 'gpt-5-codex',
        permission_mode: 'default',
        stop_hook_active: false,
        last_assistant_message: 'Done.',
      });

    expect((await runHookProcess('codex', payload('0199ffff-title-generation'), env)).code).toBe(0);
    expect(sink.received).toEqual([]);
    expect((await runHookProcess('codex', payload(thread), env)).code).toBe(0);
    expect(sink.received.map((r) => [r.url, r.body])).toEqual([
      ['/report?agent=codex', JSON.parse(payload(thread))],
    ]);
  });

  it('exits 0 in silence when the daemon is down, the payload is garbage or the agent unknown', async () => {
    const env = await hookEnv(await freePort());
    const runs = [
      await runHookProcess('claude-code', claudePayload(), env),
      await runHookProcess('claude-code', '{"session_id": 12, ', env),
      await runHookProcess('claude-code', '', env),
      await runHookProcess('gemini', claudePayload(), env),
    ];
    for (const run of runs) expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('gives up after its 5 s timeout when the daemon does not answer, still exiting 0', async () => {
    const sink = await startReportSink('hang');
    const run = await runHookProcess('claude-code', claudePayload(), await hookEnv(sink.port));
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(sink.received).toHaveLength(1);
    expect(run.elapsedMs).toBeGreaterThanOrEqual(4_900);
  });
});

describe('hook → daemon → relay', () => {
  it('a finished turn reaches the relay sealed, through the daemon on its configured port', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const port = await freePort();
    const dataDir = await makeDataDir({
      config: { localPort: port, server: { url: relay.url } },
      deviceToken: 'dev_hook-e2e',
    });
    const daemon = await startDaemonProcess(dataDir, {}, null);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(daemon.port).toBe(port);

    const env = { PATH: process.env.PATH, HOME: dataDir, RINGBACK_HOME: dataDir };
    const run = await runHookProcess('claude-code', claudePayload(), env);
    expect(run).toMatchObject({ code: 0, stdout: '', stderr: '' });

    await waitFor(() => relay.received.length === 1, 10_000, 'the delivery');
    const body = relay.received[0]?.body;
    expect(JSON.stringify(body)).not.toContain('flaky');
    const event = await openAgentEvent(await daemonKeyOf(dataDir), body);
    expect(event.report).toMatchObject({
      source: 'claude-code',
      sessionId: 'c0ffee-1',
      cwd: '/home/dev/app',
      text: 'Fixed the flaky login test. Should I also bump the timeout in CI?',
    });
  });
});
