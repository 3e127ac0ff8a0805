// The real Claude Code and Codex, against a fake model endpoint on 127.0.0.1: our hook fires,
// a reply resumes each with the powers its session had, and `ringback status` reads Codex's trust.
// The pinned agent versions are installed from the npm registry on first run (support/real-agents).
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readCodexHookTrust } from '@ringback/daemon';
import { Aad, type RelayedEvent, seal } from '@ringback/protocol';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { freePort } from './support/free-port';
import { realAgentsBin } from './support/real-agents';
import { startRelayProcess } from './support/relay-process';
import { answerCall } from './support/relay-requests';
import { runRingback } from './support/run-hook-process';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { openRelayStream } from './support/sse-stream';
import { makeDataDir, waitFor } from './support/temp-data-dir';

let AGENTS_BIN = '';
beforeAll(async () => {
  AGENTS_BIN = await realAgentsBin();
}, 300_000);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * Speaks just enough of Anthropic's Messages API and OpenAI's Responses API: a user message
 * `WRITE <path> <text>` makes the model write that file with the agent's own tool (Claude Code's
 * Write, Codex's shell), anything else gets a question back.
 */
async function fakeModel(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      if (request.url?.includes('/messages') && !request.url.includes('count_tokens'))
        return anthropic(body, response);
      if (request.url?.includes('/responses')) return responses(body, response);
      response.writeHead(request.url?.includes('count_tokens') ? 200 : 404, {
        'content-type': 'application/json',
      });
      response.end('{"input_tokens":1}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  server.closeAllConnections?.();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

type Response = import('node:http').ServerResponse;
const WRITE = /WRITE (\S+) (.*)/;

function anthropic(
  body: { model: string; stream?: boolean; messages: { role: string; content: unknown }[] },
  response: Response,
) {
  const last = body.messages.at(-1);
  const parts = Array.isArray(last?.content) ? (last.content as { type: string; text?: string }[]) : [];
  const toolResult = parts.some((part) => part.type === 'tool_result');
  const text =
    typeof last?.content === 'string' ? last.content : parts.map((part) => part.text ?? '').join('\n');
  const write = toolResult ? null : WRITE.exec(text);
  const block = write
    ? {
        type: 'tool_use',
        id: `toolu_${Date.now()}`,
        name: 'Write',
        input: { file_path: write[1], content: write[2] },
      }
    : { type: 'text', text: toolResult ? `Done: ${JSON.stringify(parts).slice(0, 200)}` : 'Shall I fix it?' };
  const stop = write ? 'tool_use' : 'end_turn';
  const message = {
    id: `msg_${Date.now()}`,
    type: 'message',
    role: 'assistant',
    model: body.model,
    content: [block],
    stop_reason: stop,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
  if (!body.stream) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return response.end(JSON.stringify(message));
  }
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  const send = (event: string, data: object) =>
    response.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } });
  send('content_block_start', {
    type: 'content_block_start',
    index: 0,
    content_block: block.type === 'text' ? { type: 'text', text: '' } : { ...block, input: {} },
  });
  send('content_block_delta', {
    type: 'content_block_delta',
    index: 0,
    delta:
      block.type === 'text'
        ? { type: 'text_delta', text: block.text }
        : { type: 'input_json_delta', partial_json: JSON.stringify(block.input) },
  });
  send('content_block_stop', { type: 'content_block_stop', index: 0 });
  send('message_delta', {
    type: 'message_delta',
    delta: { stop_reason: stop, stop_sequence: null },
    usage: { output_tokens: 1 },
  });
  send('message_stop', { type: 'message_stop' });
  response.end();
}

function responses(
  body: {
    input: { type: string; role?: string; content?: { text?: string }[] }[];
    tools?: { name?: string }[];
  },
  response: Response,
) {
  const last = body.input.at(-1);
  const toolResult = last?.type === 'function_call_output';
  const user = [...body.input].reverse().find((item) => item.type === 'message' && item.role === 'user');
  const write = toolResult
    ? null
    : WRITE.exec((user?.content ?? []).map((part) => part.text ?? '').join('\n'));
  const tool = (body.tools ?? []).some((t) => t.name === 'exec_command') ? 'exec_command' : 'shell';
  const command = write ? `printf '%s' '${write[2]}' > '${write[1]}'` : '';
  const item = write
    ? {
        type: 'function_call',
        id: `fc_${Date.now()}`,
        call_id: `call_${Date.now()}`,
        name: tool,
        arguments: JSON.stringify(
          tool === 'exec_command' ? { cmd: command } : { command: ['bash', '-lc', command] },
        ),
      }
    : {
        type: 'message',
        role: 'assistant',
        id: `msg_${Date.now()}`,
        content: [{ type: 'output_text', text: toolResult ? 'Done.' : 'Shall I fix it?', annotations: [] }],
      };
  const id = `resp_${Date.now()}`;
  response.writeHead(200, { 'content-type': 'text/event-stream' });
  for (const data of [
    { type: 'response.created', response: { id } },
    { type: 'response.output_item.done', output_index: 0, item },
    {
      type: 'response.completed',
      response: { id, usage: { input_tokens: 1, output_tokens: 1, total_tokens: 2 } },
    },
  ])
    response.write(`event: ${data.type}\ndata: ${JSON.stringify(data)}\n\n`);
  response.end();
}

function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function setUp(config: object = {}) {
  const model = await fakeModel();
  const home = await mkdtemp(join(tmpdir(), 'ringback-home-'));
  const codexHome = join(home, '.codex');
  await mkdir(codexHome, { recursive: true });
  await writeFile(
    join(codexHome, 'config.toml'),
    `model = "fake-model"\nmodel_provider = "fake"\n\n[model_providers.fake]\nname = "Fake"\nbase_url = "${model.url}/v1"\nwire_api = "responses"\nenv_key = "FAKE_MODEL_KEY"\n`,
  );
  const relay = await startRelayProcess();
  cleanups.push(() => relay.kill());
  const computer = await relay.createAccount('daemon', 'Laptop');
  const phone = await relay.pair(computer, 'app', 'Phone');
  const dataDir = await makeDataDir({
    config: { server: { url: relay.url }, localPort: await freePort(), ...config },
    deviceToken: computer.deviceToken,
  });
  const env: NodeJS.ProcessEnv = {
    PATH: `${AGENTS_BIN}:${process.env.PATH}`,
    HOME: home,
    RINGBACK_HOME: dataDir,
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'sk-fake',
    FAKE_MODEL_KEY: 'fake',
  };
  expect((await runRingback(['install'], env)).code).toBe(0);
  const daemon = await startDaemonProcess(dataDir, env, null);
  cleanups.push(() => daemon.kill('SIGTERM'));
  const stream = await openRelayStream(relay.url, phone.deviceToken);
  cleanups.push(() => stream.close());
  const key = await daemonKeyOf(dataDir);
  const calls = () =>
    stream.messages.filter((m) => m.event === 'event').map((m) => JSON.parse(m.data) as RelayedEvent);
  const answered = new Set<string>();
  const reply = async (call: RelayedEvent, replyId: string, text: string) => {
    const opened = await openAgentEvent(key, { eventId: call.eventId, sealed: call.sealed ?? '' });
    const sealed = await seal(
      key,
      JSON.stringify({
        eventId: call.eventId,
        source: opened.report.source,
        sessionId: opened.report.sessionId,
        text,
      }),
      Aad.reply(call.eventId),
    );
    if (!answered.has(call.eventId)) await answerCall(relay.url, phone.deviceToken, call.eventId);
    answered.add(call.eventId);
    const response = await fetch(`${relay.url}/v1/events/${call.eventId}/replies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ replyId, sealed }),
    });
    expect(response.status).toBe(201);
  };
  return { env, home, codexHome, calls, reply, stream, daemon };
}

/** Replies to the first call asking the agent to write a file, and waits until the file is written. */
async function replyAndAwaitEdit(
  project: string,
  setup: Pick<Awaited<ReturnType<typeof setUp>>, 'calls' | 'reply' | 'daemon'>,
  replyId: string,
  content: string,
): Promise<void> {
  const target = join(project, 'fixed.txt');
  await setup.reply(setup.calls()[0] as RelayedEvent, replyId, `WRITE ${target} ${content}`);
  await waitFor(
    async () => (await readFile(target, 'utf8').catch(() => '')) === content,
    90_000,
    `the edit\n${setup.daemon.output()}`,
  );
}

describe('the real agents', () => {
  it('Claude Code: the hook rings, and a reply resumes the session in its permission mode, so it can edit', async () => {
    const { env, calls, reply, daemon } = await setUp();
    const project = await mkdtemp(join(tmpdir(), 'ringback-project-'));
    const turn = await run(
      'claude',
      ['-p', '--permission-mode', 'acceptEdits', 'Look at the bug.'],
      project,
      env,
    );
    expect(turn.code, turn.output).toBe(0);
    await waitFor(() => calls().length === 1, 60_000, 'the call');
    await replyAndAwaitEdit(project, { calls, reply, daemon }, 'r-claude', 'fixed-by-claude');
    // The resumed turn ends in the hook too: a second call.
    await waitFor(() => calls().length === 2, 60_000, 'the second call');
  });

  it("Claude Code: a session in default mode resumes in daemon.json's replies.claudePermissionMode", async () => {
    const { env, calls, reply, daemon } = await setUp({ replies: { claudePermissionMode: 'acceptEdits' } });
    const project = await mkdtemp(join(tmpdir(), 'ringback-project-'));
    const turn = await run('claude', ['-p', 'Look at the bug.'], project, env);
    expect(turn.code, turn.output).toBe(0);
    await waitFor(() => calls().length === 1, 60_000, 'the call');
    await replyAndAwaitEdit(project, { calls, reply, daemon }, 'r-claude', 'fixed-by-claude');
  });

  it('Codex: once trusted the hook rings, and a reply resumes the thread outside git, in its sandbox, so it can edit', async () => {
    const { env, home, calls, reply, daemon } = await setUp();
    const status = await runRingback(['status'], env);
    expect(status.stdout).toContain('NOT trusted by Codex');
    // What Codex's /hooks screen writes when the user trusts our hook.
    const key = `${join(home, '.codex', 'hooks.json')}:stop:0:0`;
    const hash = /trusted_hash|sha256:[0-9a-f]+/.exec(status.stdout)?.[0];
    expect(hash).toBeUndefined();
    const ours = (await readCodexHookTrust(home, env)).hook;
    expect(ours?.key).toBe(key);
    const config = join(home, '.codex', 'config.toml');
    await writeFile(
      config,
      `${await readFile(config, 'utf8')}\n[hooks.state."${key}"]\ntrusted_hash = "${ours?.hash}"\n`,
    );
    expect((await runRingback(['status'], env)).stdout).toContain('trusted by Codex');

    const project = await mkdtemp(join(tmpdir(), 'ringback-project-'));
    const turn = await run(
      'codex',
      ['exec', '--skip-git-repo-check', '-s', 'workspace-write', 'Look at the bug.'],
      project,
      env,
    );
    expect(turn.code, turn.output).toBe(0);
    await waitFor(() => calls().length === 1, 60_000, 'the call (Codex ran the trusted hook)');
    await replyAndAwaitEdit(project, { calls, reply, daemon }, 'r-codex', 'fixed-by-codex');
  });
});
