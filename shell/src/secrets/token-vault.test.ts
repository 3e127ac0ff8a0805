import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTokenVault } from './token-vault';

const TOKEN = `dev_${'Q'.repeat(43)}`;
const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function tokenFile(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-shell-vault-'));
  dirs.push(dir);
  return join(dir, 'secrets', 'device-token.bin');
}

/** A stand-in for the OS keychain: reversible, and nothing like the clear text. */
function fakeSafeStorage(options: { available?: boolean; backend?: 'basic_text' | 'gnome_libsecret' } = {}) {
  const mask = (bytes: Buffer) => Buffer.from(bytes.map((byte) => byte ^ 0x5a));
  return {
    isEncryptionAvailable: () => options.available ?? true,
    getSelectedStorageBackend: () => options.backend ?? 'gnome_libsecret',
    encryptString: (text: string) => Buffer.concat([Buffer.from('v10'), mask(Buffer.from(text, 'utf8'))]),
    decryptString: (data: Buffer) => {
      if (data.subarray(0, 3).toString() !== 'v10') throw new Error('Error while decrypting the ciphertext');
      return mask(data.subarray(3)).toString('utf8');
    },
  };
}

describe('createTokenVault', () => {
  it('keeps only ciphertext on disk, owner-only, and reads it back', async () => {
    const file = await tokenFile();
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file });
    expect(vault.available()).toBe(true);
    expect(await vault.load()).toEqual({ ok: true, token: null });

    expect(await vault.save(TOKEN)).toEqual({ kept: 'keychain' });
    const onDisk = await readFile(file);
    expect(onDisk.toString('latin1')).not.toContain(TOKEN);
    expect(onDisk.toString('latin1')).not.toContain('Q'.repeat(8));
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);

    // Another vault on the same file (the app after a restart) reads the same token.
    expect(await createTokenVault({ safeStorage: fakeSafeStorage(), file }).load()).toEqual({
      ok: true,
      token: TOKEN,
    });
  });

  it('forgets the token with null: the file goes', async () => {
    const file = await tokenFile();
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file });
    await vault.save(TOKEN);
    await vault.save(null);
    expect(await vault.load()).toEqual({ ok: true, token: null });
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    // Forgetting what was never kept is fine too.
    await createTokenVault({ safeStorage: fakeSafeStorage(), file: await tokenFile() }).save(null);
  });

  it('without a keychain keeps the token in memory only and writes nothing', async () => {
    for (const safeStorage of [
      fakeSafeStorage({ available: false }),
      fakeSafeStorage({ backend: 'basic_text' }),
    ]) {
      const file = await tokenFile();
      const vault = createTokenVault({ safeStorage, file });
      expect(vault.available()).toBe(false);
      expect(await vault.save(TOKEN)).toEqual({ kept: 'memory' });
      expect(await vault.load()).toEqual({ ok: true, token: TOKEN });
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await createTokenVault({ safeStorage, file }).load()).toEqual({ ok: true, token: null });
    }
  });

  it('reports ciphertext the keychain cannot open as a code, the raw error to the log only', async () => {
    const file = await tokenFile();
    const logged: unknown[][] = [];
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file, log: (...a) => logged.push(a) });
    await vault.save(TOKEN);
    await writeFile(file, 'garbage');
    expect(await vault.load()).toEqual({ ok: false, reason: 'undecryptable' });
    expect(JSON.stringify(logged.flat().map(String))).toContain('Error while decrypting the ciphertext');
    // The file stays: the user decides (pairing again replaces it).
    expect((await readFile(file)).toString()).toBe('garbage');
  });

  it('reports a token kept encrypted when no keychain is there to open it now', async () => {
    const file = await tokenFile();
    await createTokenVault({ safeStorage: fakeSafeStorage(), file }).save(TOKEN);
    for (const safeStorage of [
      fakeSafeStorage({ available: false }),
      fakeSafeStorage({ backend: 'basic_text' }),
    ]) {
      const loaded = await createTokenVault({ safeStorage, file, log: () => undefined }).load();
      expect(loaded).toEqual({ ok: false, reason: 'keychain-unavailable' });
    }
  });

  it('a new pairing replaces an undecryptable token where a keychain is there', async () => {
    const file = await tokenFile();
    await createTokenVault({ safeStorage: fakeSafeStorage(), file }).save('dev_old');
    await writeFile(file, 'garbage');
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file, log: () => undefined });
    expect(await vault.save(TOKEN)).toEqual({ kept: 'keychain' });
    expect(await createTokenVault({ safeStorage: fakeSafeStorage(), file }).load()).toEqual({
      ok: true,
      token: TOKEN,
    });
  });

  it('never deletes a saved pairing because the keychain is away now; a new one is kept in memory and says so', async () => {
    const file = await tokenFile();
    await createTokenVault({ safeStorage: fakeSafeStorage(), file }).save('dev_old');
    let up = false;
    const keychain = fakeSafeStorage();
    const comingBack = { ...keychain, isEncryptionAvailable: () => up };
    const vault = createTokenVault({ safeStorage: comingBack, file, log: () => undefined });
    expect(await vault.load()).toEqual({ ok: false, reason: 'keychain-unavailable' });
    expect(await vault.save(TOKEN)).toEqual({ kept: 'memory' });
    expect(await vault.load()).toEqual({ ok: true, token: TOKEN });
    // The earlier pairing's ciphertext is still there, untouched.
    expect(await createTokenVault({ safeStorage: keychain, file }).load()).toEqual({
      ok: true,
      token: 'dev_old',
    });

    // The keychain comes up while the app runs: the pairing of this run is what gets kept.
    up = true;
    expect(await vault.load()).toEqual({ ok: true, token: TOKEN });
    expect(await createTokenVault({ safeStorage: keychain, file }).load()).toEqual({
      ok: true,
      token: TOKEN,
    });
  });

  it('refuses an empty token', async () => {
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file: await tokenFile() });
    await expect(vault.save('')).rejects.toThrow(/non-empty/);
  });
});
