import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { ShellState, ShellStore } from './shell-store';

/** Owner only: the file says where the window was and what the user chose, nobody else's business. */
const STORE_FILE_MODE = 0o600;

/**
 * The shell store as `<dir>/<name>.json`, read once at start and rewritten whole at every `set`.
 *
 * Why not electron-store: through `conf`, `atomically` and `when-exit` it installs process-wide
 * handlers for SIGTERM, SIGINT, SIGHUP and a dozen more that kill the process again, so a logout
 * or `systemctl stop` can end the app without `before-quit`. This file is a few hundred bytes of
 * bounds and two preferences; a synchronous write per change costs nothing and needs no handler.
 *
 * Each write is atomic (temp file in the same folder, fsync, rename, fsync the folder), so a crash
 * leaves the old or the new file. A file that is not a JSON object is moved aside (kept for the
 * user to look at) and the store starts empty; a file that cannot be written leaves the store
 * working in memory. Either way the reason is logged and the app goes on: nothing here is a secret
 * or worth failing a start for.
 */
export function openJsonFileStore(o: { dir: string; name: string; log: (line: string) => void }): ShellStore {
  const path = join(o.dir, `${o.name}.json`);
  const values = readValues(path, o.log);
  let writeFailing = false;
  return {
    get: <K extends keyof ShellState>(key: K) => values[key] as ShellState[K] | undefined,
    set: (key, value) => {
      values[key] = value;
      try {
        mkdirSync(o.dir, { recursive: true, mode: 0o700 });
        writeFileAtomicSync(path, `${JSON.stringify(values, null, '\t')}\n`);
        writeFailing = false;
      } catch (error) {
        // Once per run of failures: a window dragged around would otherwise log at every move.
        if (!writeFailing)
          o.log(`Ringback: ${path} could not be saved; settings are kept until quit: ${error}`);
        writeFailing = true;
      }
    },
  };
}

function readValues(path: string, log: (line: string) => void): Partial<ShellState> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`Ringback: ${path} could not be read; starting with defaults: ${error}`);
    return {};
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('it is not a JSON object');
    // Each value is checked where it is used (restoredBounds, shellLanguageOf, typeof checks).
    return parsed as Partial<ShellState>;
  } catch (error) {
    const aside = `${path}.corrupt-${Date.now()}`;
    try {
      renameSync(path, aside);
      log(`Ringback: ${path} could not be read (${(error as Error).message}); it was moved to ${aside}`);
    } catch (renameError) {
      log(
        `Ringback: ${path} could not be read (${(error as Error).message}) nor moved aside: ${renameError}`,
      );
    }
    return {};
  }
}

/** The synchronous twin of secrets/atomic-write.ts: `set` is synchronous for its callers. */
function writeFileAtomicSync(path: string, data: string): void {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temp, 'w', STORE_FILE_MODE);
  try {
    writeSync(fd, data);
    // The umask may have narrowed the mode at creation; an older file may have been wider.
    fchmodSync(fd, STORE_FILE_MODE);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw error;
  }
  closeSync(fd);
  try {
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  syncFolderOf(path);
}

/** Makes the rename durable. Windows cannot open a folder for fsync. */
function syncFolderOf(path: string): void {
  if (process.platform === 'win32') return;
  const fd = openSync(join(path, '..'), 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
