import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DeviceTokenLoad } from '@ringback/protocol';
import { PRIVATE_FILE_MODE, removeFileDurably, writeFileAtomic } from './atomic-write';

export interface TokenVault {
  /** The kept token (null: none), or why the saved one cannot be read. */
  load(): Promise<DeviceTokenLoad>;
  save(token: string | null): Promise<void>;
  available(): boolean;
}

type VaultSafeStorage = Pick<
  Electron.SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> &
  Partial<Pick<Electron.SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * The relay device token, kept as `safeStorage` ciphertext (the OS keychain holds the key).
 * Without a keychain the token lives in memory only: it is never written in clear, so the app
 * pairs again after a restart. On Linux, `basic_text` "encryption" uses a key built into Chromium,
 * which is clear text in all but name, so it counts as no keychain.
 *
 * Saved ciphertext that cannot be opened (the keychain lost its key, or is not there now) is
 * reported, not taken for "no token": pairing again in silence would leave a stale device on the
 * relay and hide why. A new token then replaces it.
 */
export function createTokenVault(o: { safeStorage: VaultSafeStorage; file: string }): TokenVault {
  let inMemory: string | null = null;

  function available(): boolean {
    if (!o.safeStorage.isEncryptionAvailable()) return false;
    return o.safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  }

  async function readCiphertext(): Promise<Buffer | null> {
    try {
      return await readFile(o.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async function load(): Promise<DeviceTokenLoad> {
    if (!available() && inMemory !== null) return { ok: true, token: inMemory };
    const ciphertext = await readCiphertext();
    if (ciphertext === null) return { ok: true, token: null };
    if (!available()) {
      return unreadable(
        o.safeStorage.isEncryptionAvailable()
          ? 'it was encrypted with the system keychain, which is not in use now (the "basic_text" store is)'
          : 'it was encrypted with the system keychain, which is not available now',
      );
    }
    try {
      const token = o.safeStorage.decryptString(ciphertext);
      return { ok: true, token: token === '' ? null : token };
    } catch (error) {
      // The keychain no longer has the key: a new login keyring, another machine, or an app
      // name that changed (Electron names the keychain entry after it).
      return unreadable(`the system keychain could not decrypt it (${(error as Error).message ?? error})`);
    }
  }

  async function save(token: string | null): Promise<void> {
    if (token !== null && (typeof token !== 'string' || token === '')) {
      throw new Error('a device token is a non-empty string');
    }
    if (token === null) {
      inMemory = null;
      await removeFileDurably(o.file);
      return;
    }
    if (!available()) {
      inMemory = token;
      // Ciphertext left from before belongs to a pairing this token replaces: a keychain that
      // comes back must not bring it back.
      await removeFileDurably(o.file);
      return;
    }
    await mkdir(dirname(o.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(o.file, o.safeStorage.encryptString(token), PRIVATE_FILE_MODE);
  }

  return { load, save, available };
}

function unreadable(message: string): DeviceTokenLoad {
  return { ok: false, reason: 'unreadable', message };
}
