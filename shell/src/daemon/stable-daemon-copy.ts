import { randomBytes } from 'node:crypto';
import { cp, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { PUBLIC_FILE_MODE, writeFileAtomic } from '../secrets/atomic-write';

/** What the last install from the app put where: read at start to see whether the app was updated. */
const RECORD_FILE = 'installed.json';
const INCOMING_PREFIX = '.incoming-';
const REPLACED_PREFIX = '.replaced-';

export interface InstalledRecord {
  /** The app's version whose daemon the service runs. */
  version: string;
  /** The CLI the service was pointed at. */
  cli: string;
}

/**
 * The per-user folder the login service's daemon is copied to, one that is there at every login:
 * `$XDG_DATA_HOME/ringback/daemon` (default `~/.local/share`), `~/Library/Application Support/
 * Ringback/daemon`, `%LOCALAPPDATA%\Ringback\daemon`. Never the app's own folder: an AppImage's is
 * a mount that goes when the app quits, a translocated macOS app's a different copy every launch.
 */
export function stableDaemonRoot(platform: NodeJS.Platform, env: NodeJS.ProcessEnv, home: string): string {
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', 'Ringback', 'daemon');
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA?.trim();
    return join(local ? local : join(home, 'AppData', 'Local'), 'Ringback', 'daemon');
  }
  const data = env.XDG_DATA_HOME?.trim();
  return join(data && isAbsolute(data) ? data : join(home, '.local', 'share'), 'ringback', 'daemon');
}

/**
 * Copies the bundled daemon (the folder of ringback.mjs and daemon.mjs) to `<root>/<version>` and
 * returns that folder. All or nothing: the files go to a temp folder beside it, are synced, and the
 * folder is renamed into place, so the service never sees half a daemon. A copy already there with
 * the same files is kept as it is (the service may be running from it); a different one is replaced.
 */
export async function copyDaemonToStablePlace(o: {
  sourceDir: string;
  root: string;
  version: string;
}): Promise<string> {
  const name = o.version.trim();
  if (!/^[0-9A-Za-z][0-9A-Za-z._+-]*$/.test(name) || name.includes('..'))
    throw new Error(`${JSON.stringify(o.version)} is not a version a folder can be named after`);
  const target = join(o.root, name);
  if (await sameFiles(o.sourceDir, target)) return target;
  await mkdir(o.root, { recursive: true });
  const incoming = join(o.root, `${INCOMING_PREFIX}${randomBytes(6).toString('hex')}`);
  try {
    await cp(o.sourceDir, incoming, { recursive: true, errorOnExist: true, force: false });
    await syncTree(incoming);
    if (!(await sameFiles(o.sourceDir, incoming)))
      throw new Error(`the copy in ${incoming} does not match ${o.sourceDir}`);
    // A rename cannot replace a folder that has files: move the old one aside first.
    const replaced = join(o.root, `${REPLACED_PREFIX}${randomBytes(6).toString('hex')}`);
    const hadOld = await exists(target);
    if (hadOld) await rename(target, replaced);
    await rename(incoming, target);
    await syncDir(o.root);
    if (hadOld) await rm(replaced, { recursive: true, force: true });
  } catch (error) {
    await rm(incoming, { recursive: true, force: true });
    throw error;
  }
  return target;
}

/** Removes every other copy and leftover in `root` (best effort: the one in use is `keep`). */
export async function removeOtherCopies(root: string, keep: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return;
  }
  for (const name of names) {
    const path = join(root, name);
    if (name === RECORD_FILE || path === keep) continue;
    await rm(path, { recursive: true, force: true }).catch(() => {});
  }
}

export async function readInstalledRecord(root: string): Promise<InstalledRecord | null> {
  try {
    const record = JSON.parse(await readFile(join(root, RECORD_FILE), 'utf8')) as Partial<InstalledRecord>;
    if (typeof record.version === 'string' && typeof record.cli === 'string')
      return { version: record.version, cli: record.cli };
  } catch {
    // None yet, or unreadable: as if the app never installed the service.
  }
  return null;
}

export async function writeInstalledRecord(root: string, record: InstalledRecord): Promise<void> {
  await mkdir(root, { recursive: true });
  await writeFileAtomic(join(root, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`, PUBLIC_FILE_MODE);
}

/** True when `b` holds exactly the files of `a`, byte for byte (the bundle is two files of a few MB). */
async function sameFiles(a: string, b: string): Promise<boolean> {
  try {
    const [namesA, namesB] = [(await readdir(a)).sort(), (await readdir(b)).sort()];
    if (namesA.join('\0') !== namesB.join('\0')) return false;
    for (const name of namesA) {
      const [statA, statB] = [await stat(join(a, name)), await stat(join(b, name))];
      if (statA.isDirectory() !== statB.isDirectory()) return false;
      if (statA.isDirectory()) {
        if (!(await sameFiles(join(a, name), join(b, name)))) return false;
      } else if (!(await readFile(join(a, name))).equals(await readFile(join(b, name)))) return false;
    }
    return true;
  } catch {
    return false;
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** fsyncs every file and folder under `dir`, so the rename publishes content that is on disk. */
async function syncTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(path);
    else if (entry.isFile()) await syncFile(path);
  }
  await syncDir(dir);
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Windows cannot open a folder to fsync it; its renames are durable enough for this. */
async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  await syncFile(dir);
}
