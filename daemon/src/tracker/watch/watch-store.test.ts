import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { MAX_HANDLED_TASKS, TRACKER_WATCH_FILE, WatchStore } from './watch-store';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ringback-watch-store-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('WatchStore', () => {
  it('keeps watermarks and handled tasks across opens, in a mode 600 file, bounded', async () => {
    const logger = createMemoryLogger();
    const store = await WatchStore.open(dir, logger);
    expect(store.watermark('w1')).toBeNull();
    await store.setWatermark('w1', Date.parse('2026-03-01T10:00:00Z'));
    for (let i = 0; i <= MAX_HANDLED_TASKS; i++) void store.markHandled(`t${i}`);
    await store.flush();
    expect((await stat(join(dir, TRACKER_WATCH_FILE))).mode & 0o777).toBe(0o600);

    const again = await WatchStore.open(dir, logger);
    expect(again.watermark('w1')).toBe(Date.parse('2026-03-01T10:00:00Z'));
    expect(again.isHandled('t0')).toBe(false);
    expect(again.isHandled('t1')).toBe(true);
    expect(again.isHandled(`t${MAX_HANDLED_TASKS}`)).toBe(true);
    await again.forget('w1');
    expect((await WatchStore.open(dir, logger)).watermark('w1')).toBeNull();
  });

  it('moves an unreadable file aside, says so, and starts afresh', async () => {
    await writeFile(join(dir, TRACKER_WATCH_FILE), '{not json');
    const logger = createMemoryLogger();
    const store = await WatchStore.open(dir, logger);
    expect(store.watermark('w1')).toBeNull();
    expect(logger.lines[0]).toMatch(/^error .*tracker-watch\.json is unreadable/);
    const aside = (await readdir(dir)).find((name) => name.startsWith(`${TRACKER_WATCH_FILE}.corrupt-`));
    expect(aside && (await readFile(join(dir, aside), 'utf8'))).toBe('{not json');
  });

  it('rejects a failed write to the caller and keeps working from memory', async () => {
    const store = await WatchStore.open(dir, createMemoryLogger(), async () => {
      throw new Error('EIO: i/o error');
    });
    await expect(store.markHandled('t1')).rejects.toThrow('EIO');
    expect(store.isHandled('t1')).toBe(true);
  });
});
