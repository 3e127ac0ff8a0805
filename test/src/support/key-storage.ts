import type { Page } from 'playwright-core';

/** The slice of the page's globals read here (this package is typed for Node, not the DOM). */
interface StorageGlobals {
  localStorage: {
    readonly length: number;
    key(index: number): string | null;
    getItem(key: string): string | null;
  };
  indexedDB: {
    databases(): Promise<{ name?: string }[]>;
    open(name: string): IdbRequest<IdbDatabase> & { onupgradeneeded: (() => void) | null };
  };
  crypto: { subtle: { exportKey(format: 'raw', key: unknown): Promise<unknown> } };
  CryptoKey: abstract new () => unknown;
}
interface IdbRequest<T> {
  result: T;
  error: unknown;
  transaction: { abort(): void } | null;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}
interface IdbDatabase {
  objectStoreNames: { contains(name: string): boolean };
  transaction(store: string): { objectStore(name: string): { get(key: string): IdbRequest<unknown> } };
  close(): void;
}

/** The end-to-end key as IndexedDB holds it, described: a CryptoKey itself does not cross to Node. */
export interface HeldKey {
  keyId: string;
  isCryptoKey: boolean;
  extractable: boolean;
  algorithm: string;
  usages: string[];
  /** `crypto.subtle.exportKey('raw', …)` was refused: no script on the page can read the key. */
  exportRefused: boolean;
}

/** The localStorage entries (name or value) holding `k1_` text: an end-to-end key in the clear. */
export async function keyTextInLocalStorage(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const storage = (globalThis as unknown as StorageGlobals).localStorage;
    const found: string[] = [];
    for (let index = 0; index < storage.length; index += 1) {
      const name = storage.key(index);
      if (name !== null && `${name}=${storage.getItem(name)}`.includes('k1_')) found.push(name);
    }
    return found;
  });
}

/**
 * What IndexedDB `ringback-keys` (store `keys`, record `e2e`) holds, or null. Never creates the
 * database: an empty one made here would keep the app's own upgrade from running.
 */
export async function heldE2eKey(page: Page): Promise<HeldKey | null> {
  return page.evaluate(async () => {
    const page = globalThis as unknown as StorageGlobals;
    const names = (await page.indexedDB.databases()).map((database) => database.name);
    if (!names.includes('ringback-keys')) return null;
    const settled = <T>(request: IdbRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
    const opening = page.indexedDB.open('ringback-keys');
    opening.onupgradeneeded = () => opening.transaction?.abort();
    const db = await settled(opening);
    try {
      if (!db.objectStoreNames.contains('keys')) return null;
      const record = (await settled(db.transaction('keys').objectStore('keys').get('e2e'))) as
        | {
            keyId: string;
            cryptoKey: { extractable: boolean; algorithm: { name: string }; usages: string[] };
          }
        | undefined;
      if (!record) return null;
      const { cryptoKey } = record;
      return {
        keyId: record.keyId,
        isCryptoKey: cryptoKey instanceof page.CryptoKey,
        extractable: cryptoKey.extractable,
        algorithm: cryptoKey.algorithm.name,
        usages: [...cryptoKey.usages].sort(),
        exportRefused: await page.crypto.subtle.exportKey('raw', cryptoKey).then(
          () => false,
          () => true,
        ),
      };
    } finally {
      db.close();
    }
  });
}

/** The keyId `ringback.settings` names. */
export async function settingsKeyId(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      (
        JSON.parse(
          (globalThis as unknown as StorageGlobals).localStorage.getItem('ringback.settings') ?? '{}',
        ) as { e2eKeyId?: string }
      ).e2eKeyId,
  );
}
