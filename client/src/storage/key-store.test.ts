import { Aad, generateE2eKey, keyIdOf, open, type SealingKey, seal } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createE2eKeyStore,
  type KeyValueStore,
  type KeyVault,
  type KeyVaultRecord,
  loadSettings,
  memoryStore,
  STORAGE_KEYS,
  updateSettings,
} from './index';

const EVENT_ID = '0190a5b2-7c3d-7e4f-8a1b-2c3d4e5f6a7b';

afterEach(() => {
  vi.restoreAllMocks();
});

/** IndexedDB as the key store sees it: one record, kept as given (a browser clones the CryptoKey). */
function memoryVault(options: { failWrites?: boolean } = {}) {
  let record: KeyVaultRecord | undefined;
  // A refused write is logged: kept quiet here, and checked where it matters.
  if (options.failWrites) vi.spyOn(console, 'warn').mockImplementation(() => {});
  const vault: KeyVault & { writes: number; record(): KeyVaultRecord | undefined } = {
    writes: 0,
    record: () => record,
    async read() {
      return record;
    },
    async write(next) {
      vault.writes += 1;
      if (options.failWrites) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      record = next;
    },
  };
  return vault;
}

/** Every value in the store, as a page's localStorage would show it to a script. */
function everythingStored(store: KeyValueStore): string {
  return store
    .keys()
    .map((key) => `${key}=${store.getItem(key)}`)
    .join('\n');
}

/** The key opens what the text seals and seals what the text opens: it is the same key. */
async function expectSameKey(key: SealingKey | null, text: string) {
  if (!key) throw new Error('no key');
  const aad = Aad.report(EVENT_ID);
  expect(await key.open(await seal(text, 'call', aad), aad)).toBe('call');
  expect(await open(text, await key.seal('reply', aad), aad)).toBe('reply');
}

describe('the end-to-end key store', () => {
  it('holds a new key as a non-extractable CryptoKey and keeps no k1_ text in the settings store', async () => {
    const store = memoryStore();
    const vault = memoryVault();
    const text = generateE2eKey();
    const key = await createE2eKeyStore({ store, vault }).replace(text);

    expect(key.keyId).toBe(await keyIdOf(text));
    expect(vault.record()?.keyId).toBe(key.keyId);
    expect(vault.record()?.cryptoKey.extractable).toBe(false);
    expect(loadSettings(store)).toMatchObject({ e2eKeyId: key.keyId, e2eKey: null });
    expect(everythingStored(store)).not.toContain('k1_');
    await expectSameKey(key, text);
    // A reload finds it again.
    await expectSameKey(await createE2eKeyStore({ store, vault }).load(), text);
  });

  it('keeps the text in the settings store where the page has no vault (a plain-http LAN page)', async () => {
    const store = memoryStore();
    const text = generateE2eKey();
    const key = await createE2eKeyStore({ store, vault: null }).replace(text);
    expect(loadSettings(store)).toMatchObject({ e2eKeyId: key.keyId, e2eKey: text });
    await expectSameKey(await createE2eKeyStore({ store, vault: null }).load(), text);
  });

  it('keeps the text when IndexedDB refuses the key, so the device stays paired', async () => {
    const store = memoryStore();
    const text = generateE2eKey();
    const key = await createE2eKeyStore({ store, vault: memoryVault({ failWrites: true }) }).replace(text);
    expect(loadSettings(store)).toMatchObject({ e2eKeyId: key.keyId, e2eKey: text });
    await expectSameKey(key, text);
    expect(console.warn).toHaveBeenCalledWith(
      expect.stringContaining('stays in localStorage'),
      expect.anything(),
    );
  });

  it('replaces the key the vault held (a passphrase on the key page)', async () => {
    const store = memoryStore();
    const vault = memoryVault();
    const keys = createE2eKeyStore({ store, vault });
    await keys.replace(generateE2eKey());
    const newer = generateE2eKey();
    const key = await keys.replace(newer);
    expect(loadSettings(store).e2eKeyId).toBe(await keyIdOf(newer));
    await expectSameKey(await createE2eKeyStore({ store, vault }).load(), newer);
    expect(key.keyId).toBe(vault.record()?.keyId);
  });

  it('gives null when no key was ever set', async () => {
    expect(await createE2eKeyStore({ store: memoryStore(), vault: memoryVault() }).load()).toBeNull();
    expect(await createE2eKeyStore({ store: memoryStore(), vault: null }).load()).toBeNull();
  });

  it('says there is no key when the vault lost it (site data cleared in part)', async () => {
    const store = memoryStore();
    updateSettings(store, { e2eKeyId: 'Yw3NKWbEM2aR' });
    expect(await createE2eKeyStore({ store, vault: memoryVault() }).load()).toBeNull();
    expect(loadSettings(store).e2eKeyId).toBeNull();
  });
});

describe('the one-time migration of an older version’s key text', () => {
  const olderSettings = (text: string) =>
    JSON.stringify({ serverAddress: 'https://r.example', e2eKey: text });

  it('moves the text into the vault at start and removes it from the settings store', async () => {
    const store = memoryStore();
    const text = generateE2eKey();
    store.setItem(STORAGE_KEYS.settings, olderSettings(text));
    const vault = memoryVault();
    const key = await createE2eKeyStore({ store, vault }).load();

    expect(key?.keyId).toBe(await keyIdOf(text));
    expect(vault.record()?.cryptoKey.extractable).toBe(false);
    expect(loadSettings(store)).toMatchObject({
      serverAddress: 'https://r.example',
      e2eKeyId: key?.keyId,
      e2eKey: null,
    });
    expect(everythingStored(store)).not.toContain('k1_');
    await expectSameKey(key, text);
    await expectSameKey(await createE2eKeyStore({ store, vault }).load(), text);
    expect(vault.writes).toBe(1);
  });

  it('runs once when several readers start together', async () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.settings, olderSettings(generateE2eKey()));
    const vault = memoryVault();
    const keys = createE2eKeyStore({ store, vault });
    const loaded = await Promise.all([keys.load(), keys.load(), keys.load()]);
    expect(new Set(loaded.map((key) => key?.keyId)).size).toBe(1);
    expect(vault.writes).toBe(1);
  });

  it('keeps the text, and the key working, when the vault refuses it', async () => {
    const store = memoryStore();
    const text = generateE2eKey();
    store.setItem(STORAGE_KEYS.settings, olderSettings(text));
    const key = await createE2eKeyStore({ store, vault: memoryVault({ failWrites: true }) }).load();
    expect(loadSettings(store)).toMatchObject({ e2eKeyId: key?.keyId, e2eKey: text });
    await expectSameKey(key, text);
  });

  it('names the kept text by its keyId on a page without a vault', async () => {
    const store = memoryStore();
    const text = generateE2eKey();
    store.setItem(STORAGE_KEYS.settings, olderSettings(text));
    await createE2eKeyStore({ store, vault: null }).load();
    expect(loadSettings(store)).toMatchObject({ e2eKeyId: await keyIdOf(text), e2eKey: text });
  });
});
