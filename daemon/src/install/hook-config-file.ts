import { mkdir, readFile, realpath, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import type { HookConfig } from './stop-hooks';

/** A new settings file is private to the user; an existing one keeps its mode. */
const NEW_FILE_MODE = 0o600;

export class HookConfigError extends Error {}

/** The parsed file, `{}` when it does not exist. Refuses a file it could not rewrite faithfully. */
export async function readHookConfig(path: string): Promise<HookConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new HookConfigError(
      `${path} is not valid JSON (${(error as Error).message}); fix it and run again`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new HookConfigError(`${path} does not hold a JSON object; fix it and run again`);
  }
  return parsed as HookConfig;
}

/** Writes atomically, keeping the file's mode (and a symlink), with the 2-space layout the agents use. */
export async function writeHookConfig(path: string, config: HookConfig): Promise<void> {
  // A symlinked file (dotfiles) is written where the link points, so the link survives.
  const target = await realpath(path).catch(() => path);
  let mode = NEW_FILE_MODE;
  try {
    mode = (await stat(target)).mode & 0o777;
  } catch {
    await mkdir(dirname(target), { recursive: true, mode: 0o700 });
  }
  await writeFileAtomic(target, `${JSON.stringify(config, null, 2)}\n`, mode);
}
