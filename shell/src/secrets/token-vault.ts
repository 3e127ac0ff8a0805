import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { DeviceTokenLoad, DeviceTokenSave } from '@ringback/protocol';
import { PRIVATE_FILE_MODE, removeFileDurably, writeFileAtomic } from './atomic-write';

export interface TokenVault {
  /** The kept token (null: none), or why the saved one cannot be read (a code; the error is logged). */
  load(): Promise<DeviceTokenLoad>;
  /** Keeps (null: forgets) the token; says whether on disk or, without a keychain now, in memory. */
  save(token: string | null): Promise<DeviceTokenSave>;
  available(): boolean;
}

type VaultSafeStorage = Pick<
  Electron.SafeStorage,
  'isEncryptionAvailable' | 'encryptString' | 'decryptString'
> &
  Partial<Pick<Electron.SafeStorage, 'getSelectedStorageBackend'>>;

/**
 * The relay device token, kept as `safeStorage` ciphertext (the OS keychain holds the key).
 * Without a keychain the token lives in memory only: it is never written in clear. On Linux,
 * `basic_text` "encryption" uses a key built into Chromium, which is clear text in all but name,
 * so it counts as no keychain.
 *
 * Saved ciphertext that cannot be opened is reported (as a code the page translates; the raw
 * error goes to the log), not taken for "no token": pairing again in silence would leave a stale
 * device on the relay and hide why. A keychain that is merely not there now (a start at login,
 * before the keyring is unlocked) deletes nothing: a pairing made meanwhile is kept in memory, and
 * written over the old ciphertext once the keychain answers during this run.
 */
export function createTokenVault(o: {
  safeStorage: VaultSafeStorage;
  file: string;
  log?: (...message: unknown[]) => void;
}): TokenVault {
  const log = o.log ?? ((...message: unknown[]) => console.error(...message));
  /** A token of this run that no keychain could keep yet; it wins over the file. */
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

  async function writeCiphertext(token: string): Promise<void> {
    await mkdir(dirname(o.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(o.file, o.safeStorage.encryptString(token), PRIVATE_FILE_MODE);
  }

  async function load(): Promise<DeviceTokenLoad> {
    if (inMemory !== null) {
      if (available()) {
        await writeCiphertext(inMemory);
        inMemory = null;
        return load();
      }
      return { ok: true, token: inMemory };
    }
    const ciphertext = await readCiphertext();
    if (ciphertext === null) return { ok: true, token: null };
    if (!available()) {
      log(
        'Ringback: the saved device token is encrypted with the system keychain, which is not available now',
        o.safeStorage.isEncryptionAvailable() ? '(the "basic_text" store is in use)' : '',
      );
      return { ok: false, reason: 'keychain-unavailable' };
    }
    try {
      const token = o.safeStorage.decryptString(ciphertext);
      return { ok: true, token: token === '' ? null : token };
    } catch (error) {
      // The keychain no longer has the key: a new login keyring, another machine, or an app
      // name that changed (Electron names the keychain entry after it).
      log('Ringback: the system keychain could not decrypt the saved device token:', error);
      return { ok: false, reason: 'undecryptable' };
    }
  }

  async function save(token: string | null): Promise<DeviceTokenSave> {
    if (token !== null && (typeof token !== 'string' || token === '')) {
      throw new Error('a device token is a non-empty string');
    }
    if (token === null) {
      // The user left the pairing (or the relay removed the device): nothing of it stays.
      inMemory = null;
      await removeFileDurably(o.file);
      return { kept: available() ? 'keychain' : 'memory' };
    }
    if (!available()) {
      // The ciphertext on disk stays: the keychain may only be late, and the page says that this
      // pairing lasts until the app quits.
      inMemory = token;
      return { kept: 'memory' };
    }
    inMemory = null;
    await writeCiphertext(token);
    return { kept: 'keychain' };
  }

  return { load, save, available };
}
