import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultCryptoBackend, selectCryptoBackend } from './default-crypto-backend';
import { generateE2eKey } from './e2e-key';
import { pureJsBackend } from './pure-js-backend';
import { open, seal } from './seal';
import { webCryptoBackend } from './web-crypto-backend';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('selectCryptoBackend', () => {
  it('chooses WebCrypto when crypto.subtle exists', () => {
    expect(selectCryptoBackend({ subtle: {} })).toBe(webCryptoBackend);
  });

  it('falls back to pure JS without crypto.subtle or without crypto at all', () => {
    expect(selectCryptoBackend({})).toBe(pureJsBackend);
    expect(selectCryptoBackend({ subtle: undefined })).toBe(pureJsBackend);
    expect(selectCryptoBackend(undefined)).toBe(pureJsBackend);
  });
});

describe('defaultCryptoBackend', () => {
  it('is WebCrypto in Node', () => {
    expect(defaultCryptoBackend()).toBe(webCryptoBackend);
  });

  it('seals and opens on a page served over plain http (getRandomValues but no subtle)', async () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    expect(globalThis.crypto.subtle).toBeUndefined();
    expect(defaultCryptoBackend()).toBe(pureJsBackend);

    const key = generateE2eKey();
    const sealed = await seal(key, 'hello from a LAN page', 'aad');
    expect(await open(key, sealed, 'aad')).toBe('hello from a LAN page');
    await expect(webCryptoBackend.sha256(new Uint8Array(1))).rejects.toThrow(/crypto\.subtle/);

    vi.unstubAllGlobals();
    expect(await open(key, sealed, 'aad', webCryptoBackend)).toBe('hello from a LAN page');
  });
});
