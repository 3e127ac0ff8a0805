import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE, removeFileDurably, writeFileAtomic } from './atomic-write';

export interface TokenVault {
  load(): Promise<string | null>;
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
 */
export function createTokenVault(o: { safeStorage: VaultSafeStorage; file: string }): TokenVault {
  let inMemory: string | null = null;

  function available(): boolean {
    if (!o.safeStorage.isEncryptionAvailable()) return false;
    return o.safeStorage.getSelectedStorageBackend?.() !== 'basic_text';
  }

  async function load(): Promise<string | null> {
    if (!available()) return inMemory;
    let ciphertext: Buffer;
    try {
      ciphertext = await readFile(o.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const token = o.safeStorage.decryptString(ciphertext);
      return token === '' ? null : token;
    } catch {
      // The keychain no longer has the key (a new login keyring, another machine): the token
      // is lost, the device pairs again and the next save replaces the file.
      return null;
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
      return;
    }
    await mkdir(dirname(o.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(o.file, o.safeStorage.encryptString(token), PRIVATE_FILE_MODE);
  }

  return { load, save, available };
}
