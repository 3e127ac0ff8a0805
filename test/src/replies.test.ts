import { chmod, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aad, generateE2eKey, type RelayedEvent, type ReplyState, seal } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { openRelayStream } from './support/sse-stream';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stand-in `claude`/`codex` that records how it was started. */
async function fakeAgent(): Promise<{
  bin: string;
  calls: () => Promise<{ cwd: string; args: string[] }[]>;
}> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-agent-'));
  const log = join(dir, 'calls.jsonl');
  const bin = join(dir, 'agent');
  await writeFile(
    bin,
    `#!/usr/bin/env node\nrequire('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2) }) + '\\n');\n`,
  );
  await chmod(bin, 0o755);
  return {
    bin,
    calls: async () =>
      (await readFile(log, 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line)),
  };
}

async function setUp() {
  let relay = await startRelayProcess();
  cleanups.push(() => relay.kill());
  const computer = await relay.createAccount('daemon', 'Laptop');
  const phone = await relay.pair(computer, 'app', 'Phone');
  const claude = await fakeAgent();
  const dataDir = await makeDataDir({
    config: { server: { url: relay.url } },
    deviceToken: computer.deviceToken,
  });
  const daemon = await startDaemonProcess(dataDir, { RINGBACK_CLAUDE_BIN: claude.bin });
  cleanups.push(() => daemon.kill('SIGTERM'));
  const stream = await openRelayStream(relay.url, phone.deviceToken);
  cleanups.push(async () => stream.close());
  const project = await mkdtemp(join(tmpdir(), 'ringback-project-'));
  expect(
    await postReport(daemon.url, {
      source: 'claude-code',
      session_id: 'sess-42',
      cwd: project,
      last_assistant_message: 'Shall I also update the changelog?',
    }),
  ).toBe(202);
  await waitFor(() => stream.messages.some((m) => m.event === 'event'), 15_000, 'the call');
  const call = JSON.parse(stream.messages.find((m) => m.event === 'event')?.data ?? '{}') as RelayedEvent;
  const key = await daemonKeyOf(dataDir);
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
  return {
    relay: () => relay,
    daemon,
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
    expect(await claude.calls()).toEqual([
      { cwd: project, args: ['--resume', 'sess-42', '-p', 'Yes, and bump the version to 2.1.0.'] },
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
    expect((await claude.calls())[0]?.args).toEqual(['--resume', 'sess-42', '-p', 'Do it tomorrow.']);
    await waitFor(
      async () => (await reply('r-3', 'Do it tomorrow.')).body.status === 'delivered',
      10_000,
      'delivered',
    );
    expect(await claude.calls()).toHaveLength(1);
  });
});
