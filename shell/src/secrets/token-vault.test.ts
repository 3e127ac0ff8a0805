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

    await vault.save(TOKEN);
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
      await vault.save(TOKEN);
      expect(await vault.load()).toEqual({ ok: true, token: TOKEN });
      await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(await createTokenVault({ safeStorage, file }).load()).toEqual({ ok: true, token: null });
    }
  });

  it('reports ciphertext the keychain cannot open, with the reason, instead of taking it for no token', async () => {
    const file = await tokenFile();
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file });
    await vault.save(TOKEN);
    await writeFile(file, 'garbage');
    const loaded = await vault.load();
    expect(loaded).toMatchObject({ ok: false, reason: 'unreadable' });
    expect(loaded.ok ? '' : loaded.message).toContain('Error while decrypting the ciphertext');
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
      const loaded = await createTokenVault({ safeStorage, file }).load();
      expect(loaded).toMatchObject({ ok: false, reason: 'unreadable' });
      expect(loaded.ok ? '' : loaded.message).toMatch(/keychain/);
    }
  });

  it('a new pairing replaces the unreadable token, with a keychain or without one', async () => {
    const withKeychain = await tokenFile();
    await createTokenVault({ safeStorage: fakeSafeStorage(), file: withKeychain }).save('dev_old');
    await writeFile(withKeychain, 'garbage');
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file: withKeychain });
    await vault.save(TOKEN);
    expect(await createTokenVault({ safeStorage: fakeSafeStorage(), file: withKeychain }).load()).toEqual({
      ok: true,
      token: TOKEN,
    });

    // Without one the new token lives in memory, and the old ciphertext goes: a keychain that
    // comes back must not bring the replaced pairing back with it.
    const without = await tokenFile();
    await createTokenVault({ safeStorage: fakeSafeStorage(), file: without }).save('dev_old');
    const noKeychain = createTokenVault({
      safeStorage: fakeSafeStorage({ available: false }),
      file: without,
    });
    expect((await noKeychain.load()).ok).toBe(false);
    await noKeychain.save(TOKEN);
    expect(await noKeychain.load()).toEqual({ ok: true, token: TOKEN });
    await expect(stat(without)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await createTokenVault({ safeStorage: fakeSafeStorage(), file: without }).load()).toEqual({
      ok: true,
      token: null,
    });
  });

  it('refuses an empty token', async () => {
    const vault = createTokenVault({ safeStorage: fakeSafeStorage(), file: await tokenFile() });
    await expect(vault.save('')).rejects.toThrow(/non-empty/);
  });
});
