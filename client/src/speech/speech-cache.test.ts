import { describe, expect, it } from 'vitest';
import { type AudioStore, type CachedAudio, createSpeechCache, idbAudioStore } from './speech-cache';

const blob = (text: string) => new Blob([text], { type: 'audio/wav' });

function mapStore() {
  const rows = new Map<string, CachedAudio>();
  const store: AudioStore = {
    get: async (key) => rows.get(key),
    put: async (row) => {
      rows.set(row.key, row);
    },
  };
  return { rows, store };
}

describe('createSpeechCache', () => {
  it('keeps the 200 most recently used blobs in memory', async () => {
    const cache = createSpeechCache({ store: null });
    for (let i = 0; i < 200; i++) await cache.put(`k${i}`, blob(String(i)));
    await cache.get('k0'); // k0 becomes most recent; k1 is now the oldest
    await cache.put('k200', blob('200'));
    expect(cache.hasInMemory('k0')).toBe(true);
    expect(cache.hasInMemory('k1')).toBe(false);
    expect(cache.hasInMemory('k2')).toBe(true);
    expect(cache.hasInMemory('k200')).toBe(true);
    expect(await cache.get('k1')).toBeUndefined();
  });

  it('honours a smaller memory limit', async () => {
    const cache = createSpeechCache({ store: null, memoryLimit: 2 });
    await cache.put('a', blob('a'));
    await cache.put('b', blob('b'));
    await cache.put('c', blob('c'));
    expect(['a', 'b', 'c'].map((k) => cache.hasInMemory(k))).toEqual([false, true, true]);
  });

  it('writes rows as ArrayBuffers and reads back from the store after a memory miss', async () => {
    const { rows, store } = mapStore();
    const writer = createSpeechCache({ store, now: () => 1234 });
    await writer.put('k', blob('RIFF'));
    const row = rows.get('k');
    expect(row?.audio).toBeInstanceOf(ArrayBuffer);
    expect(row).toMatchObject({ key: 'k', type: 'audio/wav', savedAt: 1234 });
    const reader = createSpeechCache({ store });
    const hit = await reader.get('k');
    expect(hit?.type).toBe('audio/wav');
    expect(await hit?.text()).toBe('RIFF');
    expect(reader.hasInMemory('k')).toBe(true);
  });

  it('writes memory before the store finishes', () => {
    const { store } = mapStore();
    const cache = createSpeechCache({ store });
    void cache.put('k', blob('x'));
    expect(cache.hasInMemory('k')).toBe(true);
  });

  it('drops to memory only when the store fails', async () => {
    let calls = 0;
    const broken: AudioStore = {
      get: async () => {
        calls++;
        throw new Error('QuotaExceeded');
      },
      put: async () => {
        calls++;
        throw new Error('QuotaExceeded');
      },
    };
    const cache = createSpeechCache({ store: broken });
    await expect(cache.put('a', blob('a'))).resolves.toBeUndefined();
    expect(await cache.get('a')).toBeDefined();
    expect(await cache.get('b')).toBeUndefined();
    await cache.put('c', blob('c'));
    expect(calls).toBe(1);
  });

  it('works where IndexedDB does not exist (Node)', async () => {
    const store = idbAudioStore();
    await expect(store.get('x')).rejects.toThrow('IndexedDB is not available');
    const cache = createSpeechCache();
    await cache.put('k', blob('x'));
    expect(await (await cache.get('k'))?.text()).toBe('x');
    expect(await cache.get('missing')).toBeUndefined();
  });
});
