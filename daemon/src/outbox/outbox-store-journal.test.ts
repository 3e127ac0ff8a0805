import { appendFile, copyFile, mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import type { EntryPayload } from './entry-payload';
import { OutboxJournal } from './outbox-journal';
import { OutboxStore } from './outbox-store';

let dataDir: string;
const opened: OutboxStore[] = [];
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'ringback-outbox-journal-'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  // Stores a test abandoned (as a crash would) are closed without writing.
  for (const store of opened.splice(0)) await store.close().catch(() => undefined);
});

async function open(options: { compactMinBytes?: number } = {}, logger = createMemoryLogger()) {
  const result = await OutboxStore.open(dataDir, logger, options);
  opened.push(result.store);
  return result;
}

let counter = 0;
function payload(text = 'All tests pass.'): EntryPayload {
  counter += 1;
  const eventId = `0190b000-0000-7000-8000-${counter.toString(16).padStart(12, '0')}`;
  return {
    version: 1,
    eventId,
    source: 'codex',
    occurredAt: new Date().toISOString(),
    report: { source: 'codex', sessionId: `s-${counter}`, cwd: '/work/app', text },
  };
}

const journalPath = () => join(dataDir, 'outbox.journal');
const checkpointPath = () => join(dataDir, 'outbox.json');

describe('OutboxStore journal', () => {
  it('writes only what changed: one entry’s change costs a small record, whatever is pending', async () => {
    const { store } = await open();
    await Promise.all(
      Array.from({ length: 1000 }, () => store.add(payload('a secret plan'), { state: 'stored' })),
    );
    const [first] = await Promise.all(
      [payload()].map(async (entry) => {
        await store.add(entry, { state: 'stored' });
        return entry;
      }),
    );
    const checkpointBefore = await readFile(checkpointPath(), 'utf8');
    const journalBefore = (await stat(journalPath())).size;

    await store.saveSnapshot(first?.eventId as string, { state: 'generated', deliveryAttempts: 3 });
    expect((await stat(journalPath())).size - journalBefore).toBeLessThan(200);
    expect(await readFile(checkpointPath(), 'utf8')).toBe(checkpointBefore);
    expect(await readFile(journalPath(), 'utf8')).not.toContain('a secret plan');
    expect((await stat(journalPath())).mode & 0o777).toBe(0o600);

    const reopened = await open();
    expect(reopened.entries).toHaveLength(1001);
    expect(reopened.entries.at(-1)).toEqual({
      eventId: first?.eventId,
      snapshot: { state: 'generated', deliveryAttempts: 3 },
    });
  });

  it('keeps the delivery backoff across a reopen', async () => {
    const { store } = await open();
    await store.saveDelivery({ schemaVersion: 1, failures: 4, nextProbeAt: 123, lastError: 'x' });
    expect((await open()).delivery).toEqual({
      schemaVersion: 1,
      failures: 4,
      nextProbeAt: 123,
      lastError: 'x',
    });
  });

  it('ignores a last journal record a crash cut short, keeping everything before it', async () => {
    const { store } = await open();
    const [kept, alsoKept] = [payload(), payload()];
    await store.add(kept, { state: 'stored' });
    await store.add(alsoKept, { state: 'stored' });
    await appendFile(journalPath(), `0badc0de {"segment":9,"removed":["${kept.eventId}"`);

    const logger = createMemoryLogger();
    const reopened = await open({}, logger);
    expect(reopened.entries.map((entry) => entry.eventId)).toEqual([kept.eventId, alsoKept.eventId]);
    expect(logger.lines.some((line) => line.startsWith('warn') && line.includes('cut short'))).toBe(true);
    // The torn tail is gone: the journal starts afresh with the new checkpoint.
    expect(await readFile(journalPath(), 'utf8')).not.toContain('0badc0de');
  });

  it('moves a journal with a bad record in the middle aside, keeping the records before it', async () => {
    const { store } = await open();
    const [first, second] = [payload(), payload()];
    await store.add(first, { state: 'stored' });
    await store.add(second, { state: 'stored' });
    await store.saveSnapshot(first.eventId, { state: 'generated' });
    const lines = (await readFile(journalPath(), 'utf8')).split('\n');
    // The record adding `second` is garbled; the one after it is intact.
    lines[2] = (lines[2] as string).replace('"segment"', '"segmenT"');
    await writeFile(journalPath(), lines.join('\n'));

    const logger = createMemoryLogger();
    const reopened = await open({}, logger);
    expect(reopened.entries).toEqual([{ eventId: first.eventId, snapshot: { state: 'stored' } }]);
    // Its payload is newer than anything the intact records claim: recovered, not lost.
    expect(reopened.orphans.map((orphan) => orphan.eventId)).toEqual([second.eventId]);
    expect((await readdir(dataDir)).some((name) => name.startsWith('outbox.journal.corrupt-'))).toBe(true);
    expect(logger.lines.some((line) => line.startsWith('error'))).toBe(true);
  });

  it('compacts the journal into outbox.json once it outgrows it', async () => {
    const { store } = await open({ compactMinBytes: 4096 });
    const entries = Array.from({ length: 40 }, () => payload());
    for (const entry of entries) await store.add(entry, { state: 'stored' });
    for (const entry of entries.slice(0, 30)) await store.remove(entry.eventId);
    // Compactions run beside the commits: wait for the last one.
    await store.close();
    expect((await stat(journalPath())).size).toBeLessThan(4096 + 1024);
    const checkpoint = JSON.parse(await readFile(checkpointPath(), 'utf8'));
    expect(checkpoint.version).toBe(2);
    expect(checkpoint.journal).toBeGreaterThan(1);

    const reopened = await open();
    expect(reopened.entries.map((entry) => entry.eventId)).toEqual(entries.slice(30).map((e) => e.eventId));
    expect(reopened.orphans).toEqual([]);
  });

  it('does not replay a journal that a compaction already folded into outbox.json', async () => {
    const { store } = await open({ compactMinBytes: 0 });
    const finished = payload();
    await store.add(finished, { state: 'stored' });
    const staleJournal = join(dataDir, 'stale.journal');
    await copyFile(journalPath(), staleJournal);
    // Removed, and compacted right after: outbox.json of the next generation no longer names it.
    await store.remove(finished.eventId);
    await store.close();
    // A crash between writing that outbox.json and replacing the journal leaves the old journal.
    await copyFile(staleJournal, journalPath());

    const logger = createMemoryLogger();
    const reopened = await open({}, logger);
    expect(reopened.entries).toEqual([]);
    expect(reopened.orphans).toEqual([]);
    expect(logger.lines.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('keeps every change made after a failed journal write, by rewriting outbox.json next', async () => {
    const { store } = await open();
    const [before, failed, after] = [payload(), payload(), payload()];
    await store.add(before, { state: 'stored' });
    vi.spyOn(OutboxJournal.prototype, 'append').mockRejectedValueOnce(new Error('ENOSPC: no space left'));
    await expect(store.add(failed, { state: 'stored' })).rejects.toThrow('ENOSPC');
    await store.add(after, { state: 'stored' });

    const reopened = await open();
    expect(reopened.entries.map((entry) => entry.eventId).sort()).toEqual(
      [before.eventId, failed.eventId, after.eventId].sort(),
    );
  });

  it('keeps a payload found unnamed at start recoverable until an entry names it', async () => {
    const { store } = await open();
    const named = payload();
    await store.add(named, { state: 'stored' });
    const unnamed = payload('written, then the power went');
    await writeFile(
      join(dataDir, 'outbox', 'segment-000000000077.json'),
      JSON.stringify({ version: 1, payloads: [unnamed] }),
    );
    const second = await open();
    expect(second.orphans.map((orphan) => orphan.eventId)).toEqual([unnamed.eventId]);
    // Other work commits before the orphan is adopted; then the daemon dies.
    await second.store.saveSnapshot(named.eventId, { state: 'generated' });
    await second.store.add(payload(), { state: 'stored' });

    const third = await open();
    expect(third.orphans.map((orphan) => orphan.eventId)).toEqual([unnamed.eventId]);
  });
});
