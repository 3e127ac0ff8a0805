import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserStore, isQuotaExceeded, memoryStore, quotaExceededError, webStorageStore } from './index';

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => {
      items.set(key, value);
    },
    removeItem: (key: string) => {
      items.delete(key);
    },
    clear: () => items.clear(),
  };
}

describe('key-value stores', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('recognises quota errors of every browser', () => {
    expect(isQuotaExceeded(quotaExceededError())).toBe(true);
    expect(isQuotaExceeded({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaExceeded({ code: 22 })).toBe(true);
    expect(isQuotaExceeded(new Error('other'))).toBe(false);
    expect(isQuotaExceeded(null)).toBe(false);
  });

  it('a memory store enforces its quota, counting a replaced value once', () => {
    const store = memoryStore({ quotaChars: 10 });
    store.setItem('k', '123456789');
    store.setItem('k', '12345678');
    expect(() => store.setItem('j', 'x')).toThrow(expect.objectContaining({ name: 'QuotaExceededError' }));
    store.removeItem('k');
    store.setItem('j', 'x');
    expect(store.keys()).toEqual(['j']);
  });

  it('a Web Storage store lists its keys', () => {
    const store = webStorageStore(fakeStorage());
    store.setItem('a', '1');
    store.setItem('b', '2');
    store.removeItem('a');
    expect(store.keys()).toEqual(['b']);
    expect(store.getItem('b')).toBe('2');
  });

  it('uses localStorage when the page may, and memory when it may not', () => {
    const storage = fakeStorage();
    vi.stubGlobal('localStorage', storage);
    browserStore().setItem('x', '1');
    expect(storage.getItem('x')).toBe('1');

    vi.stubGlobal('localStorage', {
      getItem() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const fallback = browserStore();
    fallback.setItem('y', '2');
    expect(fallback.getItem('y')).toBe('2');
  });
});
