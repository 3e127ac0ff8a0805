import { describe, expect, it } from 'vitest';
import {
  clearQueueSnapshot,
  isAnswered,
  loadAnswered,
  loadQueueSnapshot,
  MAX_ANSWERED_IDS,
  markAnswered,
  memoryStore,
  QUEUE_SNAPSHOT_VERSION,
  quotaExceededError,
  STORAGE_KEYS,
  saveQueueSnapshot,
} from './index';

describe('answered ids', () => {
  it('records ids, without duplicates, newest last', () => {
    const store = memoryStore();
    markAnswered(store, 'a');
    markAnswered(store, 'b');
    markAnswered(store, 'a');
    expect(loadAnswered(store)).toEqual(['b', 'a']);
    expect(isAnswered(store, 'a')).toBe(true);
    expect(isAnswered(store, 'c')).toBe(false);
  });

  it('keeps only the newest 200', () => {
    const store = memoryStore();
    for (let index = 0; index < 205; index += 1) markAnswered(store, `e${index}`);
    const ids = loadAnswered(store);
    expect(ids).toHaveLength(MAX_ANSWERED_IDS);
    expect(ids[0]).toBe('e5');
    expect(ids.at(-1)).toBe('e204');
    expect(isAnswered(store, 'e4')).toBe(false);
  });

  it('reads damaged data as empty and skips non-string entries', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.answered, '{oops');
    expect(loadAnswered(store)).toEqual([]);
    store.setItem(STORAGE_KEYS.answered, '{"a":1}');
    expect(loadAnswered(store)).toEqual([]);
    store.setItem(STORAGE_KEYS.answered, '["x", 3, null, "y"]');
    expect(loadAnswered(store)).toEqual(['x', 'y']);
  });

  it('does not throw when the store is full', () => {
    const store = memoryStore();
    store.setItem = () => {
      throw quotaExceededError();
    };
    expect(markAnswered(store, 'a')).toEqual(['a']);
  });
});

describe('queue snapshot', () => {
  it('round-trips an opaque snapshot under its version', () => {
    const store = memoryStore();
    const snapshot = { status: 'active', value: 'ringing', context: { queue: ['e1'] } };
    expect(saveQueueSnapshot(store, snapshot)).toBe(true);
    expect(loadQueueSnapshot(store)).toEqual(snapshot);
    expect(JSON.parse(store.getItem(STORAGE_KEYS.queue) ?? '')).toMatchObject({
      version: QUEUE_SNAPSHOT_VERSION,
    });
  });

  it('is null when missing, unreadable or of another version', () => {
    const store = memoryStore();
    expect(loadQueueSnapshot(store)).toBeNull();
    store.setItem(STORAGE_KEYS.queue, 'garbage');
    expect(loadQueueSnapshot(store)).toBeNull();
    store.setItem(STORAGE_KEYS.queue, JSON.stringify({ version: QUEUE_SNAPSHOT_VERSION + 1, snapshot: {} }));
    expect(loadQueueSnapshot(store)).toBeNull();
    store.setItem(STORAGE_KEYS.queue, JSON.stringify({ version: QUEUE_SNAPSHOT_VERSION }));
    expect(loadQueueSnapshot(store)).toBeNull();
  });

  it('clears, and refuses what cannot be written', () => {
    const store = memoryStore();
    saveQueueSnapshot(store, { a: 1 });
    clearQueueSnapshot(store);
    expect(loadQueueSnapshot(store)).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(saveQueueSnapshot(store, cyclic)).toBe(false);
    store.setItem = () => {
      throw quotaExceededError();
    };
    expect(saveQueueSnapshot(store, { a: 1 })).toBe(false);
  });

  it('restores a snapshot only for the device that saved it: a re-paired browser starts afresh', () => {
    const store = memoryStore();
    saveQueueSnapshot(store, { a: 1 }, 'dev-old');
    expect(loadQueueSnapshot(store, 'dev-old')).toEqual({ a: 1 });
    expect(loadQueueSnapshot(store, 'dev-new')).toBeNull();
  });
});
