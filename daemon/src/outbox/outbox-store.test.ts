import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import type { EntryPayload } from './entry-payload';
import { OutboxStore } from './outbox-store';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-outbox-'));
});

// A reopen stands for a restart after a crash: the earlier store is left as it was, and every
// store's journal is closed after the test.
const opened: OutboxStore[] = [];
afterEach(async () => {
  for (const store of opened.splice(0)) await store.close().catch(() => undefined);
});
async function openStore(...args: Parameters<typeof OutboxStore.open>) {
  const result = await OutboxStore.open(...args);
  opened.push(result.store);
  return result;
}

let counter = 0;
function payload(text = 'All tests pass.'): EntryPayload {
  counter += 1;
  const eventId = `0190a000-0000-7000-8000-${counter.toString(16).padStart(12, '0')}`;
  return {
    version: 1,
    eventId,
    source: 'claude-code',
    occurredAt: new Date().toISOString(),
    report: { source: 'claude-code', sessionId: `s-${counter}`, cwd: '/work/app', text },
  };
}

describe('OutboxStore', () => {
  it('keeps added entries, their payloads and sessions across a reopen, with mode 600 files', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const entry = payload();
    await store.add(entry, { value: 'stored' }, 'session-1');

    const reopened = await openStore(dataDir, createMemoryLogger());
    expect(reopened.entries).toEqual([{ eventId: entry.eventId, snapshot: { value: 'stored' } }]);
    expect(reopened.orphans).toEqual([]);
    expect(await reopened.store.readPayload(entry.eventId)).toEqual(entry);
    expect(reopened.store.session('session-1')).toMatchObject({ cwd: '/work/app', source: 'claude-code' });
    expect((await stat(join(dataDir, 'outbox.json'))).mode & 0o777).toBe(0o600);
    const segments = await readdir(join(dataDir, 'outbox'));
    expect(segments).toHaveLength(1);
    expect((await stat(join(dataDir, 'outbox', segments[0] as string))).mode & 0o777).toBe(0o600);
  });

  it("remembers the session's permission mode beside its directory, so a reply resumes it alike", async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    await store.add(payload(), { value: 'stored' }, 'session-1', { permissionMode: 'acceptEdits' });
    await store.add(payload(), { value: 'stored' }, 'session-2');

    const reopened = await openStore(dataDir, createMemoryLogger());
    expect(reopened.store.session('session-1')).toMatchObject({
      cwd: '/work/app',
      permissionMode: 'acceptEdits',
    });
    expect(reopened.store.session('session-2')?.permissionMode).toBeUndefined();
  });

  it('keeps report text out of outbox.json', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    await store.add(payload('a secret plan'), { value: 'stored' });
    expect(await readFile(join(dataDir, 'outbox.json'), 'utf8')).not.toContain('a secret plan');
  });

  it('shares outbox.json writes and payload segments between concurrent adds', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    await Promise.all(Array.from({ length: 50 }, () => store.add(payload(), { value: 'stored' })));
    expect(store.size).toBe(50);
    expect(store.commits).toBeLessThan(10);
    expect((await readdir(join(dataDir, 'outbox'))).length).toBeLessThanOrEqual(store.commits);
    const reopened = await openStore(dataDir, createMemoryLogger());
    expect(reopened.entries).toHaveLength(50);
  });

  it('stores a brief beside the report', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const entry = payload();
    await store.add(entry, { value: 'stored' });
    store.saveBrief(entry, {
      status: 'failed',
      language: 'en-US',
      reason: 'no LLM',
      llmCalls: 0,
    });
    expect((await store.readPayload(entry.eventId)).brief).toMatchObject({ status: 'failed' });
    await store.saveSnapshot(entry.eventId, { value: 'generated' });

    const reopened = await openStore(dataDir, createMemoryLogger());
    expect(reopened.entries).toEqual([{ eventId: entry.eventId, snapshot: { value: 'generated' } }]);
    expect((await reopened.store.readPayload(entry.eventId)).brief).toMatchObject({ reason: 'no LLM' });
    // The version without the brief is gone with its segment.
    expect(await readdir(join(dataDir, 'outbox'))).toHaveLength(1);
  });

  it('removes a finished entry and its payload file', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const entry = payload();
    await store.add(entry, { value: 'stored' });
    await store.remove(entry.eventId);
    expect(await readdir(join(dataDir, 'outbox'))).toEqual([]);
    expect((await openStore(dataDir, createMemoryLogger())).entries).toEqual([]);
  });

  it('moves a corrupt outbox.json aside and recovers every report from its payload file', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const first = payload();
    const second = payload();
    await store.add(first, { value: 'stored' });
    await store.add(second, { value: 'stored' });
    await writeFile(join(dataDir, 'outbox.json'), '{"version":1,"entries":[{"eventId":');

    const logger = createMemoryLogger();
    const reopened = await openStore(dataDir, logger);
    expect(reopened.entries).toEqual([]);
    expect(reopened.orphans.map((p) => p.eventId).sort()).toEqual([first.eventId, second.eventId].sort());
    expect(logger.lines.some((line) => line.startsWith('error') && line.includes('corrupt-'))).toBe(true);
    expect((await readdir(dataDir)).some((name) => name.startsWith('outbox.json.corrupt-'))).toBe(true);
  });

  it('drops, loudly, an entry whose payload file is gone, and clears crash leftovers', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const entry = payload();
    await store.add(entry, { value: 'stored' });
    const { rm } = await import('node:fs/promises');
    for (const name of await readdir(join(dataDir, 'outbox'))) await rm(join(dataDir, 'outbox', name));
    await writeFile(join(dataDir, 'outbox', 'segment-000000000009.json.3.tmp'), 'partial');

    const logger = createMemoryLogger();
    const reopened = await openStore(dataDir, logger);
    expect(reopened.entries).toEqual([]);
    expect(logger.lines.join('\n')).toContain(entry.eventId);
    expect(await readdir(join(dataDir, 'outbox'))).toEqual([]);
  });

  it('keeps a segment until every entry in it is finished', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const [first, second] = [payload(), payload()];
    // The first add of a burst starts a flush at once; what arrives meanwhile shares the next.
    const opening = store.add(payload(), { value: 'stored' });
    await Promise.all([
      store.add(first, { value: 'stored' }),
      store.add(second, { value: 'stored' }),
      opening,
    ]);
    const segments = (await readdir(join(dataDir, 'outbox'))).sort();
    expect(segments).toHaveLength(2);

    await store.remove(first.eventId);
    expect((await readdir(join(dataDir, 'outbox'))).sort()).toEqual(segments);
    const reopened = await openStore(dataDir, createMemoryLogger());
    // The finished report's leftover in the shared segment is not revived.
    expect(reopened.entries.map((entry) => entry.eventId)).not.toContain(first.eventId);
    expect(reopened.entries.map((entry) => entry.eventId)).toContain(second.eventId);
    expect(reopened.orphans).toEqual([]);

    await reopened.store.remove(second.eventId);
    expect((await readdir(join(dataDir, 'outbox'))).sort()).toEqual([segments[0]]);
  });

  it('recovers payloads written just before a crash that kept outbox.json from naming them', async () => {
    const { store } = await openStore(dataDir, createMemoryLogger());
    const named = payload();
    await store.add(named, { value: 'stored' });
    // A segment newer than outbox.json knows of, as a crash between the two writes leaves it.
    const unnamed = payload('written, then the power went');
    await writeFile(
      join(dataDir, 'outbox', 'segment-000000000077.json'),
      JSON.stringify({ version: 1, payloads: [unnamed] }),
    );

    const reopened = await openStore(dataDir, createMemoryLogger());
    expect(reopened.entries.map((entry) => entry.eventId)).toEqual([named.eventId]);
    expect(reopened.orphans).toEqual([unnamed]);
    await reopened.store.add(unnamed, { value: 'stored' });
    const again = await openStore(dataDir, createMemoryLogger());
    expect(again.entries.map((entry) => entry.eventId).sort()).toEqual(
      [named.eventId, unnamed.eventId].sort(),
    );
    expect(await again.store.readPayload(unnamed.eventId)).toEqual(unnamed);
  });
});
