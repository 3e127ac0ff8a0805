/**
 * The few calls the app's records need from a string store. localStorage in the page; an in-memory
 * store in tests (with an optional quota, so "storage is full" can be exercised).
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  /** May throw a `QuotaExceededError` DOMException when the store is full. */
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  keys(): string[];
}

/** Browsers name it differently: the standard name, old WebKit's code 22, Firefox's 1014. */
export function isQuotaExceeded(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, code } = error as { name?: unknown; code?: unknown };
  return (
    name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014
  );
}

export function quotaExceededError(): Error {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

/** An in-memory store; `quotaChars` bounds the total of key and value lengths, like a browser's quota. */
export function memoryStore(options: { quotaChars?: number } = {}): KeyValueStore {
  const items = new Map<string, string>();
  const used = () => {
    let total = 0;
    for (const [key, value] of items) total += key.length + value.length;
    return total;
  };
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem(key, value) {
      const quota = options.quotaChars;
      if (quota !== undefined) {
        const previous = items.get(key);
        const after =
          used() - (previous === undefined ? 0 : key.length + previous.length) + key.length + value.length;
        if (after > quota) throw quotaExceededError();
      }
      items.set(key, value);
    },
    removeItem: (key) => {
      items.delete(key);
    },
    keys: () => [...items.keys()],
  };
}

/** A store over a Web Storage object (localStorage by default). */
export function webStorageStore(storage: Storage): KeyValueStore {
  return {
    getItem: (key) => storage.getItem(key),
    setItem: (key, value) => storage.setItem(key, value),
    removeItem: (key) => storage.removeItem(key),
    keys() {
      const keys: string[] = [];
      for (let index = 0; index < storage.length; index += 1) {
        const key = storage.key(index);
        if (key !== null) keys.push(key);
      }
      return keys;
    },
  };
}

/**
 * The page's localStorage, or an in-memory store when there is none or it may not be touched (private
 * modes and sandboxed frames throw on access): the app then still works, it just forgets on reload.
 */
export function browserStore(): KeyValueStore {
  try {
    const storage = globalThis.localStorage;
    if (storage) {
      storage.getItem('ringback.probe');
      return webStorageStore(storage);
    }
  } catch {
    // fall through to memory
  }
  return memoryStore();
}
