import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DispatchInput } from '@ringback/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { DISPATCHES_FILE, DispatchStore } from './dispatch-store';

const T0 = Date.parse('2026-11-23T10:00:00Z');
const stores: DispatchStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.stop();
});

function input(n: number, overrides: Partial<DispatchInput> = {}): DispatchInput {
  return {
    id: `task-${n}`,
    kind: 'issue',
    workspaceId: 'ws-1',
    taskId: `task-${n}`,
    projectId: 'p1',
    agentId: 'a1',
    agentName: 'Coder',
    prompt: `dispatch ${n}`,
    images: 0,
    createdAt: T0 + n * 1000,
    ...overrides,
  };
}

async function open(dataDir?: string, write?: Parameters<typeof DispatchStore.open>[2]) {
  const dir = dataDir ?? (await mkdtemp(join(tmpdir(), 'ringback-dispatch-store-')));
  const logger = createMemoryLogger();
  const store = await DispatchStore.open(dir, logger, write);
  stores.push(store);
  return { store, dir, logger };
}

const ids = (store: DispatchStore) => store.list().map((a) => a.getSnapshot().context.id);

describe('DispatchStore', () => {
  it('keeps the 100 newest, newest first, in a mode-600 file that a new store reads back', async () => {
    const { store, dir } = await open();
    for (let n = 1; n <= 101; n++) await store.add(input(n));
    expect(ids(store)).toHaveLength(100);
    expect(ids(store)[0]).toBe('task-101');
    expect(ids(store).at(-1)).toBe('task-2');
    expect(store.get('task-1')).toBeUndefined();
    expect((await stat(join(dir, DISPATCHES_FILE))).mode & 0o777).toBe(0o600);

    store.get('task-101')?.send({ type: 'cancel.confirmed' });
    await store.flush();
    const { store: reopened } = await open(dir);
    expect(ids(reopened)).toEqual(ids(store));
    expect(reopened.get('task-101')?.getSnapshot().value).toBe('cancelled');
    expect(reopened.get('task-100')?.getSnapshot().value).toBe('creating');
  });

  it('writes only when a record changed', async () => {
    let writes = 0;
    const { store } = await open(undefined, async () => {
      writes += 1;
    });
    await store.add(input(1));
    await store.flush();
    expect(writes).toBe(1);
    store
      .get('task-1')
      ?.send({ type: 'task.observed', task: { status: 'running', issueId: '', completedAt: null }, now: T0 });
    await store.flush();
    expect(writes).toBe(1);
    store.get('task-1')?.send({ type: 'cancel.confirmed' });
    await store.flush();
    expect(writes).toBe(2);
  });

  it('tries a failed write again on the next flush', async () => {
    let fail = true;
    const written: string[] = [];
    const { store } = await open(undefined, async (_path, data) => {
      if (fail) throw new Error('disk full');
      written.push(data);
    });
    await expect(store.add(input(1))).rejects.toThrow('disk full');
    fail = false;
    await store.flush();
    expect(JSON.parse(written[0] ?? '{}').dispatches).toHaveLength(1);
  });

  it('moves an unreadable file aside and drops records it cannot restore', async () => {
    const { dir } = await open();
    await writeFile(join(dir, DISPATCHES_FILE), '{not json');
    const first = await open(dir);
    expect(ids(first.store)).toEqual([]);
    expect((await readdir(dir)).some((name) => name.startsWith(`${DISPATCHES_FILE}.corrupt-`))).toBe(true);
    expect(first.logger.lines.some((line) => line.startsWith('error'))).toBe(true);

    await first.store.add(input(1));
    const file = JSON.parse(await readFile(join(dir, DISPATCHES_FILE), 'utf8'));
    file.dispatches.push({ value: 'cancelling', status: 'active', context: {} });
    await writeFile(join(dir, DISPATCHES_FILE), JSON.stringify(file));
    const second = await open(dir);
    expect(ids(second.store)).toEqual(['task-1']);
    expect(second.logger.lines).toEqual([expect.stringContaining('cannot read')]);
  });
});
