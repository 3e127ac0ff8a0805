import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** Owner read/write only: files that hold secrets. */
export const PRIVATE_FILE_MODE = 0o600;
/** Everything else the shell writes. */
export const PUBLIC_FILE_MODE = 0o644;

/**
 * Writes a file so that a crash leaves the old or the new content, never a mix: temp file in the
 * same directory, fsync, rename over the target, fsync the directory.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode: number): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await handle.writeFile(data);
    // The umask may have narrowed the mode at creation; set it explicitly.
    await handle.chmod(mode);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}

/** Removes a file (if there) durably. */
export async function removeFileDurably(path: string): Promise<void> {
  await rm(path, { force: true });
  try {
    await syncDirectory(dirname(path));
  } catch (error) {
    // No directory: there was no file to remove either.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Makes a rename or unlink in `dir` durable. Windows cannot open a directory for fsync. */
async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
