import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../log/logger';
import { frameLine } from './outbox-journal';
import { type OutboxLogPaths, outboxLogPaths } from './outbox-log';
import { serializeCheckpoint, serializeJournalRecord } from './outbox-state';
import { readOutboxState } from './read-outbox-state';

// The files a compaction leaves at each moment a crash can stop it, and what is read back.

let paths: OutboxLogPaths;
beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-outbox-state-'));
  paths = outboxLogPaths(join(dir, 'outbox.json'), join(dir, 'outbox.journal'));
});

const entry = (eventId: string, state: string) => JSON.stringify({ eventId, snapshot: { state } });

async function checkpoint(generation: number, entries: string[], segment = 1): Promise<void> {
  await writeFile(
    paths.checkpoint,
    serializeCheckpoint({ generation, segment, entries, sessions: new Map(), delivery: null }),
  );
}

async function journal(
  path: string,
  generation: number,
  records: Parameters<typeof serializeJournalRecord>[0][],
) {
  const lines = [JSON.stringify({ journal: generation }), ...records.map(serializeJournalRecord)];
  await writeFile(path, lines.map(frameLine).join(''));
}

const record = (segment: number, changes: { entries?: string[]; removed?: string[] }) => ({
  segment,
  entries: changes.entries ?? [],
  removed: changes.removed ?? [],
  sessions: [],
  delivery: null,
});

const snapshots = (state: Awaited<ReturnType<typeof readOutboxState>>) => Object.fromEntries(state.entries);

describe('readOutboxState', () => {
  it('applies the journal of the checkpoint’s generation', async () => {
    await checkpoint(4, [entry('a', 'stored')]);
    await journal(paths.journal, 4, [record(2, { entries: [entry('b', 'stored')], removed: ['a'] })]);
    const state = await readOutboxState(paths, createMemoryLogger());
    expect(snapshots(state)).toEqual({ b: { state: 'stored' } });
    expect(state.segment).toBe(2);
  });

  it('ignores a journal older than the checkpoint: a compaction contained it', async () => {
    await checkpoint(5, [entry('b', 'generated')]);
    await journal(paths.journal, 4, [record(2, { entries: [entry('a', 'stored'), entry('b', 'stored')] })]);
    expect(snapshots(await readOutboxState(paths, createMemoryLogger()))).toEqual({
      b: { state: 'generated' },
    });
  });

  it('applies both journals when a background compaction stopped before its checkpoint', async () => {
    await checkpoint(4, [entry('a', 'stored')]);
    await journal(paths.journal, 4, [record(2, { entries: [entry('b', 'stored')] })]);
    await journal(paths.nextJournal, 5, [record(3, { entries: [entry('c', 'stored')], removed: ['a'] })]);
    const state = await readOutboxState(paths, createMemoryLogger());
    expect(snapshots(state)).toEqual({ b: { state: 'stored' }, c: { state: 'stored' } });
    expect(state.segment).toBe(3);
  });

  it('applies only the new journal once the compaction’s checkpoint is written', async () => {
    await checkpoint(5, [entry('b', 'generated')], 2);
    await journal(paths.journal, 4, [record(2, { entries: [entry('a', 'stored'), entry('b', 'stored')] })]);
    await journal(paths.nextJournal, 5, [record(3, { entries: [entry('c', 'stored')] })]);
    expect(snapshots(await readOutboxState(paths, createMemoryLogger()))).toEqual({
      b: { state: 'generated' },
      c: { state: 'stored' },
    });
  });

  it('moves aside a journal that continues nothing, and claims no segment', async () => {
    await checkpoint(4, [entry('a', 'stored')], 9);
    await journal(paths.nextJournal, 6, [record(12, { removed: ['a'] })]);
    const logger = createMemoryLogger();
    const state = await readOutboxState(paths, logger);
    expect(snapshots(state)).toEqual({ a: { state: 'stored' } });
    expect(state.segment).toBe(0);
    expect(
      (await readdir(join(paths.checkpoint, '..'))).some((name) => name.includes('.next.corrupt-')),
    ).toBe(true);
    expect(logger.lines.some((line) => line.startsWith('error'))).toBe(true);
  });
});
