import { join } from 'node:path';
import type { RelayedEvent, StatusChange } from '@ringback/protocol';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { startDaemonProcess } from './support/daemon-process';
import { startRelayProcess } from './support/relay-process';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { openRelayStream } from './support/sse-stream';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every text value in every table of a SQLite file. */
function everyStoredText(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as {
      name: string;
    }[];
    return tables.flatMap(({ name }) =>
      (db.prepare(`SELECT * FROM "${name}"`).all() as Record<string, unknown>[]).flatMap((row) =>
        Object.values(row).filter((value): value is string => typeof value === 'string'),
      ),
    );
  } finally {
    db.close();
  }
}

describe('report delivery through the real relay', () => {
  it('rings the app with a report only it can open, and the relay keeps no plaintext and no history', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const daemonDevice = await relay.createAccount('daemon', 'Laptop');
    const phone = await relay.pair(daemonDevice, 'app', 'Phone');

    const llm = await startFakeLlm();
    cleanups.push(llm.close);
    const spoken = 'The migration to Postgres sixteen is finished and every check is green.';
    llm.setDefault({ json: plainBrief(spoken) });
    const dataDir = await makeDataDir({
      config: {
        server: { url: relay.url },
        llm: { primary: { baseUrl: llm.url, apiKey: 'sk-relay-e2e', model: 'fake-1' } },
      },
      deviceToken: daemonDevice.deviceToken,
    });
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));

    const stream = await openRelayStream(relay.url, phone.deviceToken);
    cleanups.push(async () => stream.close());
    expect(stream.status).toBe(200);
    const text = 'Migrated the orders service to Postgres 16; the nightly import now takes 4 minutes.';
    expect(
      await postReport(
        daemon.url,
        { session_id: 'thr-1', cwd: '/srv/orders', last_assistant_message: text },
        'codex',
      ),
    ).toBe(202);

    await waitFor(
      () => stream.messages.some((message) => message.event === 'event'),
      15_000,
      'the call on the phone',
    );
    const call = JSON.parse(
      stream.messages.find((message) => message.event === 'event')?.data ?? '{}',
    ) as RelayedEvent;
    expect(call).toMatchObject({ source: 'codex', status: 'pending', handledBy: null });
    const opened = await openAgentEvent(await daemonKeyOf(dataDir), {
      eventId: call.eventId,
      sealed: call.sealed ?? '',
    });
    expect(opened.report.text).toBe(text);
    expect(opened.brief).toMatchObject({ status: 'ready', spoken });

    // Answered and finished on the phone: the relay drops the ciphertext.
    for (const status of ['answered', 'completed']) {
      const response = await fetch(`${relay.url}/v1/events/${call.eventId}/status`, {
        method: 'POST',
        headers: { authorization: `Bearer ${phone.deviceToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status }),
      });
      expect(((await response.json()) as StatusChange).status).toBe(status);
    }
    await relay.kill();

    const stored = everyStoredText(join(relay.dataDir, 'relay.db'));
    const joined = stored.join('\n');
    for (const secret of [
      'Postgres',
      'orders',
      'nightly',
      'migration',
      '/srv/orders',
      'thr-1',
      'sk-relay-e2e',
    ]) {
      expect(joined, secret).not.toContain(secret);
    }
    expect(joined).not.toContain(await daemonKeyOf(dataDir));
    expect(joined).not.toContain(phone.deviceToken);
    expect(joined).not.toContain(call.sealed ?? 'no ciphertext');
    expect(stored.some((value) => value.startsWith('e1.'))).toBe(false);
  });
});
