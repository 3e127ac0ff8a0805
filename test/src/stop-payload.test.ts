import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayStandIn } from './support/relay-stand-in';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The spec's Agent report (daemon spec, Resources), exactly: these five fields and no others. */
const specPayload = {
  session_id: '4b1f0c2e-8d7a-4c55-9e21-6a3f9b0d7e12',
  cwd: '/home/dev/shop',
  transcript_path: '/home/dev/.claude/projects/shop/4b1f0c2e.jsonl',
  stop_hook_active: false,
  last_assistant_message: 'Checkout now retries declined cards once. Shall I deploy it to staging?',
};

/** Codex's own Stop payload, as Codex writes it to the hook's stdin. */
const codexPayload = {
  session_id: '0199b0c1-d2e3-7f40-8a51-b6c7d8e9f012',
  turn_id: '0199b0c1-d2e3-7f40-8a51-000000000003',
  transcript_path: null,
  cwd: '/srv/search',
  hook_event_name: 'Stop',
  model: 'gpt-5-codex',
  permission_mode: 'default',
  stop_hook_active: false,
  last_assistant_message: 'Reindexed the catalogue; queries are 40% faster.',
};

async function postRaw(
  url: string,
  payload: unknown,
): Promise<{ status: number; body: { error?: string; message?: string } }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  return { status: response.status, body: (await response.json()) as { error?: string; message?: string } };
}

describe('POST /report on a real daemon takes the agents’ own Stop payloads', () => {
  it('accepts the spec’s bare payload as Claude Code’s and Codex’s with ?agent=codex, briefs and delivers both; refuses wrong types and stores nothing', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    llm.setDefault({ json: plainBrief('Checkout is done, {form-of-address}.') });
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-test-4242', model: 'fake-1' } },
      },
      deviceToken: 'dev_stop-payload',
    });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const localKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
    const pending = async () => {
      const response = await fetch(`${daemon.url}/status`, {
        headers: { authorization: `Bearer ${localKey}` },
      });
      return ((await response.json()) as { outbox: { pending: number } }).outbox.pending;
    };

    // Wrong types of the spec's fields: 400 naming the field, and nothing enters the outbox.
    for (const [field, value] of [
      ['session_id', 7],
      ['cwd', null],
      ['transcript_path', false],
      ['stop_hook_active', 'false'],
      ['last_assistant_message', ['Done.']],
    ] as const) {
      const refused = await postRaw(`${daemon.url}/report`, { ...specPayload, [field]: value });
      expect(refused.status, field).toBe(400);
      expect(refused.body.error, field).toBe('invalid_report');
      expect(refused.body.message, field).toContain(field);
    }
    const unknownAgent = await postRaw(`${daemon.url}/report?agent=gemini`, specPayload);
    expect([unknownAgent.status, unknownAgent.body.message?.startsWith('agent')]).toEqual([400, true]);
    expect(await pending()).toBe(0);

    expect((await postRaw(`${daemon.url}/report`, specPayload)).status).toBe(202);
    await waitFor(() => relay.received.length === 1, 15_000, 'the bare payload’s delivery');
    expect((await postRaw(`${daemon.url}/report?agent=codex`, codexPayload)).status).toBe(202);
    await waitFor(() => relay.received.length === 2, 15_000, 'the Codex payload’s delivery');

    const key = await daemonKeyOf(dataDir);
    const [bare, codex] = relay.received;
    expect(bare?.body.source).toBe('claude-code');
    const bareEvent = await openAgentEvent(key, bare?.body);
    expect(bareEvent.report).toMatchObject({
      source: 'claude-code',
      sessionId: specPayload.session_id,
      cwd: specPayload.cwd,
      text: specPayload.last_assistant_message,
    });
    expect(bareEvent.brief).toMatchObject({
      status: 'ready',
      spoken: 'Checkout is done, {form-of-address}.',
    });
    expect(llm.requests[0]?.body.messages?.[1]?.content).toContain('declined cards');

    expect(codex?.body.source).toBe('codex');
    const codexEvent = await openAgentEvent(key, codex?.body);
    expect(codexEvent.report).toMatchObject({
      source: 'codex',
      sessionId: codexPayload.session_id,
      cwd: codexPayload.cwd,
      text: codexPayload.last_assistant_message,
    });
    expect(codexEvent.brief.status).toBe('ready');
    // Only the two accepted reports ever reached the relay.
    expect(relay.received).toHaveLength(2);
  });
});
