import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeLlm } from './fakes/fake-llm-server';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { startRelayStandIn } from './support/relay-stand-in';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function report(text: string, session = 'session-1') {
  return { session_id: session, cwd: '/home/dev/app', last_assistant_message: text };
}

describe('report delivery through the real daemon', () => {
  it('delivers a sealed report and its brief; the relay never sees plaintext', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-test-9876', model: 'fake-1' } },
      },
      deviceToken: 'dev_test-token',
    });
    const daemon: DaemonProcess = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(daemon.output()).toContain('fake-1');
    expect(daemon.output()).not.toContain('sk-test-9876');

    const text = 'Refactored the billing module; all 214 tests pass. Shall I open the pull request?';
    expect(await postReport(daemon.url, report(text))).toBe(202);
    await waitFor(() => relay.received.length === 1, 15_000, 'the delivery');

    const [delivery] = relay.received;
    expect(delivery?.authorization).toBe('Bearer dev_test-token');
    expect(JSON.stringify(delivery?.body)).not.toContain('billing');
    expect(delivery?.body.source).toBe('claude-code');
    const event = await openAgentEvent(await daemonKeyOf(dataDir), delivery?.body);
    expect(event.report).toMatchObject({
      text,
      sessionId: 'session-1',
      cwd: '/home/dev/app',
      source: 'claude-code',
    });
    expect(event.brief.status).toBe('ready');
  });

  it('delivers a failed brief when no LLM is configured', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_t' });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(await postReport(daemon.url, report('Done.'))).toBe(202);
    await waitFor(() => relay.received.length === 1, 10_000, 'the delivery');
    const event = await openAgentEvent(await daemonKeyOf(dataDir), relay.received[0]?.body);
    expect(event.brief).toMatchObject({ status: 'failed', llmCalls: 0 });
  });

  it('retries 503 and 429 with the same event id, and counts 409 duplicate_task as delivered', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    relay.answerNext({ status: 503 }, { status: 429 }, { status: 409, error: 'duplicate_task' });
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_t' });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(await postReport(daemon.url, report('Done.'))).toBe(202);
    // Backoff 1 s then 2 s (plus jitter) before the third POST.
    await waitFor(() => relay.received.length === 3, 15_000, 'three attempts');
    expect(new Set(relay.received.map((r) => r.body.eventId)).size).toBe(1);
    await waitFor(
      async () => (await readdirSafe(join(dataDir, 'outbox'))).length === 0,
      5000,
      'the entry to be released',
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(relay.received).toHaveLength(3);
  });

  it('drops a report the relay refuses with another 4xx, and logs it', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    relay.answerNext({ status: 400, error: 'invalid_request' });
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_t' });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(await postReport(daemon.url, report('Done.'))).toBe(202);
    await waitFor(() => daemon.output().includes('dropped'), 10_000, 'the drop to be logged');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(relay.received).toHaveLength(1);
  });

  it('keeps reports while not logged in, and delivers them once a device token appears', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } } });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    expect(await postReport(daemon.url, report('Waiting for a login.'))).toBe(202);
    // Recorded in the outbox: its checkpoint (outbox.json) or the journal of changes since.
    const outboxText = async () =>
      (await readFile(join(dataDir, 'outbox.json'), 'utf8')) +
      (await readFile(join(dataDir, 'outbox.journal'), 'utf8').catch(() => ''));
    await waitFor(
      async () => (await outboxText()).includes('not logged in to a relay yet'),
      10_000,
      'the entry to wait for a relay',
    );
    expect(relay.received).toEqual([]);

    await writeFile(join(dataDir, 'device.token'), 'dev_late-login', { mode: 0o600 });
    await waitFor(() => relay.received.length === 1, 15_000, 'the delivery after login');
    expect(relay.received[0]?.authorization).toBe('Bearer dev_late-login');
  });
});

async function readdirSafe(dir: string): Promise<string[]> {
  const { readdir } = await import('node:fs/promises');
  return readdir(dir).catch(() => []);
}
