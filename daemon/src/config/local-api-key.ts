import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';
import { DATA_FILES } from './data-dir';

const KEY_PATTERN = /^[A-Za-z0-9_-]{32,}$/;

/**
 * The local API key: created on first run (mode 600, so only this user can read it), then
 * read as is. The desktop app reads the same file through its native shell.
 */
export async function ensureLocalApiKey(dataDir: string, logger: Logger): Promise<string> {
  const path = join(dataDir, DATA_FILES.localApiKey);
  try {
    const key = (await readFile(path, 'utf8')).trim();
    if (KEY_PATTERN.test(key)) return key;
    logger.warn(`${path} does not hold a usable key; writing a new one (local clients re-read it)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const key = randomBytes(32).toString('base64url');
  await writeFileAtomic(path, `${key}\n`);
  return key;
}
