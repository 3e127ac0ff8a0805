import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { startDaemonProcess } from './support/daemon-process';
import { type ReceivedEvent, startRelayStandIn } from './support/relay-stand-in';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

// SIGKILL gives the daemon no chance to tidy up: whatever it promised (a 202) must already
// be on disk, and whatever it half did (a brief, a POST) must be redone under the same id.

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const report = (text: string) => ({
  session_id: `s-${text}`,
  cwd: '/home/dev/app',
  last_assistant_message: text,
});

async function readDaemonConfig(
  dataDir: string,
): Promise<Record<string, unknown> & { e2e: { key: string } }> {
  return JSON.parse(await readFile(join(dataDir, 'daemon.json'), 'utf8'));
}

/** Every delivery the relay received, opened: report text → the event ids it came with. */
async function deliveredTexts(key: string, received: ReceivedEvent[]): Promise<Map<string, Set<string>>> {
  const byText = new Map<string, Set<string>>();
  for (const { body } of received) {
    const event = await openAgentEvent(key, body);
    const ids = byText.get(event.report.text) ?? new Set<string>();
    ids.add(body.eventId);
    byText.set(event.report.text, ids);
  }
  return byText;
}

/** outbox.json as the crash left it: it must always parse. */
async function outboxAfterCrash(dataDir: string): Promise<unknown> {
  const text = await readFile(join(dataDir, 'outbox.json'), 'utf8');
  return JSON.parse(text);
}

describe('a daemon killed with SIGKILL', () => {
  it('loses no accepted report when killed while reports arrive', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_crash' });
    const first = await startDaemonProcess(dataDir);
    cleanups.push(() => first.kill());

    // 16 clients send 400 reports; the daemon dies as the 120th is accepted.
    const accepted: string[] = [];
    const texts = Array.from({ length: 400 }, (_, i) => `report number ${i}`);
    let next = 0;
    const client = async () => {
      while (next < texts.length) {
        const text = texts[next++] as string;
        try {
          if ((await postReport(first.url, report(text))) === 202) {
            accepted.push(text);
            if (accepted.length === 120) first.child.kill('SIGKILL');
          }
        } catch {
          // Connection refused or reset after the kill: not accepted, nothing promised.
        }
      }
    };
    await Promise.all(Array.from({ length: 16 }, client));
    await first.kill();
    expect(accepted.length).toBeGreaterThanOrEqual(120);
    // The kill landed mid-stream: some reports were refused, so the test exercised a crash.
    expect(accepted.length).toBeLessThan(texts.length);
    expect(await outboxAfterCrash(dataDir)).toMatchObject({ entries: expect.any(Array) });

    const second = await startDaemonProcess(dataDir);
    cleanups.push(() => second.kill('SIGTERM'));
    const key = await daemonKeyOf(dataDir);
    await waitFor(
      async () => {
        const delivered = await deliveredTexts(key, relay.received);
        return accepted.every((text) => delivered.has(text));
      },
      30_000,
      'every accepted report at the relay',
    );
    const delivered = await deliveredTexts(key, relay.received);
    for (const text of accepted) expect(delivered.get(text)?.size, text).toBe(1);
  });

  it('generates again what it was generating, at most 3 at a time, and delivers everything', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const slowLlm = await startFakeLlm();
    cleanups.push(slowLlm.close);
    slowLlm.setDefault({ json: { spoken: 'slow' }, delayMs: 60_000 });
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        llm: { primary: { baseUrl: slowLlm.url, apiKey: 'sk-crash', model: 'slow-1', timeoutMs: 120_000 } },
      },
      deviceToken: 'dev_crash',
    });
    const first = await startDaemonProcess(dataDir);
    cleanups.push(() => first.kill());
    const texts = Array.from({ length: 7 }, (_, i) => `generating report ${i}`);
    for (const text of texts) expect(await postReport(first.url, report(text))).toBe(202);
    await waitFor(() => slowLlm.requests.length === 3, 10_000, 'three briefs generating');
    await first.kill('SIGKILL');
    expect(slowLlm.maxInFlight).toBe(3);
    expect(relay.received).toEqual([]);
    expect(await outboxAfterCrash(dataDir)).toMatchObject({ entries: expect.any(Array) });

    // The user's endpoint is back and quick; the restarted daemon picks every entry up.
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    llm.setDefault({ json: plainBrief('Done.'), delayMs: 150 });
    const config = await readDaemonConfig(dataDir);
    await writeFile(
      join(dataDir, 'daemon.json'),
      JSON.stringify({
        ...config,
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-crash', model: 'quick-1' } },
      }),
    );
    const second = await startDaemonProcess(dataDir);
    cleanups.push(() => second.kill('SIGTERM'));
    await waitFor(() => relay.received.length >= texts.length, 30_000, 'all deliveries');

    const delivered = await deliveredTexts(config.e2e.key, relay.received);
    expect([...delivered.keys()].sort()).toEqual([...texts].sort());
    expect(llm.maxInFlight).toBeLessThanOrEqual(3);
    // Arrival order, three at a time: the three interrupted first, then 3–5, then 6.
    // (Within a batch of three the requests race to the endpoint.)
    const prompts = llm.requests.map((request) => JSON.stringify(request.body.messages));
    const reportIn = (prompt: string) => texts.findIndex((text) => prompt.includes(text));
    const batches = [prompts.slice(0, 3), prompts.slice(3, 6), prompts.slice(6)].map((batch) =>
      batch.map(reportIn).sort(),
    );
    expect(batches).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('repeats an interrupted delivery under the same event id', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    // The relay stores the event but answers late; the daemon dies waiting.
    relay.answerNext({ status: 201, delayMs: 60_000 });
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_crash' });
    const first = await startDaemonProcess(dataDir);
    cleanups.push(() => first.kill());
    expect(await postReport(first.url, report('the interrupted one'))).toBe(202);
    await waitFor(() => relay.received.length === 1, 10_000, 'the first POST');
    await first.kill('SIGKILL');

    const second = await startDaemonProcess(dataDir);
    cleanups.push(() => second.kill('SIGTERM'));
    await waitFor(() => relay.received.length === 2, 10_000, 'the repeated POST');
    const [once, again] = relay.received;
    expect(again?.body.eventId).toBe(once?.body.eventId);
    expect(again?.body.sealed).toBeDefined();
  });
});

describe('a daemon stopped with SIGTERM', () => {
  it('stops at once while the LLM is slow, and generates that brief again after restart', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    llm.enqueue({ json: plainBrief('too late'), delayMs: 60_000 });
    llm.setDefault({ json: plainBrief('Brief after the restart.') });
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-stop', model: 'm', timeoutMs: 120_000 } },
      },
      deviceToken: 'dev_stop',
    });
    const first = await startDaemonProcess(dataDir);
    cleanups.push(() => first.kill());
    expect(await postReport(first.url, report('stopped mid-brief'))).toBe(202);
    await waitFor(() => llm.requests.length === 1, 10_000, 'the brief to start');
    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(relay.received).toEqual([]);

    const second = await startDaemonProcess(dataDir);
    cleanups.push(() => second.kill('SIGTERM'));
    await waitFor(() => relay.received.length === 1, 10_000, 'the delivery');
    const event = await openAgentEvent(await daemonKeyOf(dataDir), relay.received[0]?.body);
    expect(event.brief).toMatchObject({ status: 'ready', spoken: 'Brief after the restart.' });
  });
});
