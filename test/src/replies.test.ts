import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aad, generateE2eKey, open, type RelayedEvent, type ReplyState, seal } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { answerCall } from './support/relay-requests';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { openRelayStream } from './support/sse-stream';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface AgentCall {
  cwd: string;
  args: string[];
  /** What the agent read on stdin: the reply. */
  stdin: string;
  pid: number;
}

/**
 * A stand-in `claude`/`codex` that records how it was started, then runs on for `runSeconds`
 * (a real turn takes minutes).
 */
/**
 * Claude Code's resume command as the daemon runs it: the session, its permission mode if any,
 * and Ringback's permission-prompt tool (headless, its permission requests go to the phone).
 */
function claudeResume(sessionId: string, ...mode: string[]): unknown[] {
  return [
    `--resume=${sessionId}`,
    ...mode,
    '--mcp-config',
    expect.stringMatching(new RegExp(`"permission-mcp".*"RINGBACK_SESSION_ID":"${sessionId}"`)),
    '--permission-prompt-tool',
    'mcp__ringback__approve',
    '-p',
  ];
}

async function fakeAgent(runSeconds = 0): Promise<{ bin: string; calls: () => Promise<AgentCall[]> }> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-agent-'));
  const log = join(dir, 'calls.jsonl');
  const bin = join(dir, 'agent');
  await writeFile(
    bin,
    `#!/usr/bin/env node
const fs = require('node:fs');
const stdin = fs.readFileSync(0, 'utf8');
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2), stdin, pid: process.pid }) + '\\n');
setTimeout(() => undefined, ${runSeconds * 1000});
`,
  );
  await chmod(bin, 0o755);
  const calls = async (): Promise<AgentCall[]> =>
    (await readFile(log, 'utf8').catch(() => ''))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line));
  // The agent outlives a killed daemon (it runs detached), so end it with the test.
  cleanups.push(async () => {
    for (const call of await calls()) {
      try {
        process.kill(call.pid);
      } catch {
        // Already ended.
      }
    }
  });
  return { bin, calls };
}

async function setUp(options: { agentRunSeconds?: number; config?: object } = {}) {
  let relay = await startRelayProcess();
  cleanups.push(() => relay.kill());
  const computer = await relay.createAccount('daemon', 'Laptop');
  const phone = await relay.pair(computer, 'app', 'Phone');
  const claude = await fakeAgent(options.agentRunSeconds);
  const dataDir = await makeDataDir({
    config: { server: { url: relay.url }, ...options.config },
    deviceToken: computer.deviceToken,
  });
  const daemon = await startDaemonProcess(dataDir, { RINGBACK_CLAUDE_BIN: claude.bin });
  cleanups.push(() => daemon.kill('SIGTERM'));
  const stream = await openRelayStream(relay.url, phone.deviceToken);
  cleanups.push(async () => stream.close());
  const project = await mkdtemp(join(tmpdir(), 'ringback-project-'));
  expect(
    await postReport(daemon.url, {
      session_id: 'sess-42',
      cwd: project,
      last_assistant_message: 'Shall I also update the changelog?',
    }),
  ).toBe(202);
  await waitFor(() => stream.messages.some((m) => m.event === 'event'), 15_000, 'the call');
  const call = JSON.parse(stream.messages.find((m) => m.event === 'event')?.data ?? '{}') as RelayedEvent;
  const key = await daemonKeyOf(dataDir);
  await answerCall(relay.url, phone.deviceToken, call.eventId);
  const reply = async (replyId: string, text: string, withKey = key) => {
    const sealed = await seal(
      withKey,
      JSON.stringify({ eventId: call.eventId, source: 'claude-code', sessionId: 'sess-42', text }),
      Aad.reply(call.eventId),
    );
    const response = await fetch(`${relay.url}/v1/events/${call.eventId}/replies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${phone.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ replyId, sealed }),
    });
    return { status: response.status, body: (await response.json()) as ReplyState };
  };
  const replyFrames = (replyId: string) =>
    stream.messages
      .filter((m) => m.event === 'reply')
      .map((m) => JSON.parse(m.data) as ReplyState)
      .filter((state) => state.replyId === replyId);
  /** Restarts the relay on its data dir and port (the stream ends with it). */
  const restartRelay = async () => {
    const { dataDir: relayDir } = relay;
    const port = Number(new URL(relay.url).port);
    await relay.kill();
    relay = await startRelayProcess({}, { dataDir: relayDir, port });
    cleanups.push(() => relay.kill());
  };
  /** A reply's sealed failure, opened as the app opens it. */
  const failureOf = async (state: ReplyState | undefined) =>
    JSON.parse(await open(key, state?.failure ?? '', Aad.replyError(state?.replyId ?? '')));
  return {
    relay: () => relay,
    daemon,
    failureOf,
    dataDir,
    key,
    call,
    claude,
    project,
    reply,
    replyFrames,
    restartRelay,
  };
}

describe('replies after hang-up', () => {
  it('resume the recorded agent session in its directory, and the app sees the delivery', async () => {
    const { call, claude, project, reply, replyFrames, dataDir, key } = await setUp();
    expect(
      (await openAgentEvent(key, { eventId: call.eventId, sealed: call.sealed ?? '' })).report.sessionId,
    ).toBe('sess-42');
    const sent = await reply('r-1', 'Yes, and bump the version to 2.1.0.');
    expect(sent.status).toBe(201);
    await waitFor(
      () => replyFrames('r-1').some((state) => state.status === 'delivered'),
      15_000,
      'the delivery',
    );
    expect(await claude.calls()).toMatchObject([
      { cwd: project, args: claudeResume('sess-42'), stdin: 'Yes, and bump the version to 2.1.0.' },
    ]);
    // A repeat of the same reply changes nothing and runs nothing.
    const again = await reply('r-1', 'Yes, and bump the version to 2.1.0.');
    expect([again.status, again.body.status]).toEqual([200, 'delivered']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await claude.calls()).toHaveLength(1);
    expect(JSON.parse(await readFile(join(dataDir, 'replies.json'), 'utf8')).replies).toHaveLength(1);
  });

  it('fail in plain words when the phone sealed the reply with another key', async () => {
    const { claude, reply, replyFrames } = await setUp();
    expect((await reply('r-2', 'hello', generateE2eKey())).status).toBe(201);
    await waitFor(() => replyFrames('r-2').some((state) => state.status === 'failed'), 15_000, 'the failure');
    expect(replyFrames('r-2').at(-1)).toMatchObject({
      status: 'failed',
      error: 'undecryptable_reply',
      failure: null,
    });
    expect(await claude.calls()).toEqual([]);
  });

  it('wait for a stopped daemon, across a relay restart, and are delivered once it is back', async () => {
    const { daemon, dataDir, claude, reply, restartRelay } = await setUp();
    await daemon.kill('SIGTERM');
    const sent = await reply('r-3', 'Do it tomorrow.');
    expect([sent.status, sent.body.status]).toEqual([201, 'queued']);
    await restartRelay();

    const back = await startDaemonProcess(dataDir, { RINGBACK_CLAUDE_BIN: claude.bin });
    cleanups.push(() => back.kill('SIGTERM'));
    await waitFor(async () => (await claude.calls()).length === 1, 15_000, 'the resumed agent');
    expect((await claude.calls())[0]).toMatchObject({
      args: claudeResume('sess-42'),
      stdin: 'Do it tomorrow.',
    });
    await waitFor(
      async () => (await reply('r-3', 'Do it tomorrow.')).body.status === 'delivered',
      10_000,
      'delivered',
    );
    expect(await claude.calls()).toHaveLength(1);
  });

  it('never run twice when the daemon is killed while the agent starts: the app hears it may have run', async () => {
    // The agent runs on past the daemon's 3 s start check, so its result is never recorded.
    const { daemon, dataDir, claude, reply, replyFrames, failureOf } = await setUp({ agentRunSeconds: 20 });
    expect((await reply('r-4', 'Go ahead and fix it.')).status).toBe(201);
    await waitFor(async () => (await claude.calls()).length === 1, 15_000, 'the agent to start');
    await daemon.kill('SIGKILL');

    const back = await startDaemonProcess(dataDir, { RINGBACK_CLAUDE_BIN: claude.bin });
    cleanups.push(() => back.kill('SIGTERM'));
    await waitFor(() => replyFrames('r-4').some((state) => state.status === 'failed'), 15_000, 'the result');
    expect(await failureOf(replyFrames('r-4').at(-1))).toEqual({
      reason: expect.stringContaining('may already have acted on this reply'),
      code: 'may_have_run',
    });
    // The relay sends the reply again on every reconnect until it has a result: still once.
    const again = await reply('r-4', 'Go ahead and fix it.');
    expect([again.status, again.body.status]).toEqual([200, 'failed']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await claude.calls()).toHaveLength(1);
    expect(back.output()).toContain('may have run');
  });

  it('run no agent when replies.json cannot be written, log it, and the daemon keeps serving', async () => {
    const { daemon, dataDir, claude, reply, replyFrames, failureOf } = await setUp();
    // A directory where replies.json belongs: every write of it fails (even for root).
    await rm(join(dataDir, 'replies.json'), { force: true });
    await mkdir(join(dataDir, 'replies.json'));
    expect((await reply('r-5', 'Ship it.')).status).toBe(201);
    await waitFor(() => replyFrames('r-5').some((state) => state.status === 'failed'), 15_000, 'the result');
    expect((await failureOf(replyFrames('r-5').at(-1))).reason).toMatch(
      /the agent was not resumed: this computer could not record the reply first/,
    );
    expect(await claude.calls()).toEqual([]);
    await waitFor(() => /error .*replies\.json/.test(daemon.output()), 5_000, 'the logged failure');
    expect(daemon.child.exitCode).toBeNull();
    const status = await fetch(`${daemon.url}/status`, {
      headers: { authorization: `Bearer ${(await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim()}` },
    });
    expect(status.status).toBe(200);

    // Once replies.json can be written again, the next reply runs.
    await rm(join(dataDir, 'replies.json'), { recursive: true });
    expect((await reply('r-6', 'Ship it now.')).status).toBe(201);
    await waitFor(() => replyFrames('r-6').some((state) => state.status === 'delivered'), 15_000, 'delivery');
    expect(await claude.calls()).toHaveLength(1);
  });

  it("resume Claude Code in the permission mode daemon.json gives when the session's is unknown", async () => {
    const { claude, reply, replyFrames } = await setUp({
      config: { replies: { claudePermissionMode: 'acceptEdits' } },
    });
    expect((await reply('r-7', 'Go ahead and fix it.')).status).toBe(201);
    await waitFor(() => replyFrames('r-7').some((state) => state.status === 'delivered'), 15_000, 'delivery');
    expect(await claude.calls()).toMatchObject([
      { args: claudeResume('sess-42', '--permission-mode=acceptEdits'), stdin: 'Go ahead and fix it.' },
    ]);
  });
});
