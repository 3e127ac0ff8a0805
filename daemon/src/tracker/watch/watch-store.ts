import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATA_FILES } from '../../config/data-dir';
import type { Logger } from '../../log/logger';
import { writeFileAtomic } from '../../storage/atomic-write';
import { quarantineFile } from '../../storage/quarantine';

/** In `{dataDir}`, beside `daemon.json`. */
export const TRACKER_WATCH_FILE = DATA_FILES.trackerWatch;
/** Handled task ids kept: far more than finish between two catch-up reads, which the watermark bounds. */
export const MAX_HANDLED_TASKS = 2_000;

interface WatchFile {
  version: 1;
  /** Per watched workspace: tasks that finished before this (epoch ms, ISO in the file) are not looked at. */
  workspaces: Record<string, { watermark: string }>;
  /** Tasks already reported (or deliberately never reported, or given up on), oldest first. */
  handled: string[];
  /** Failed report attempts of tasks not handled yet, so a restart does not start their count afresh. */
  attempts?: Record<string, number>;
}

/** Replaceable so tests can make the disk fail. */
export type WriteWatchFile = (path: string, data: string) => Promise<void>;

/**
 * `tracker-watch.json` (mode 600): what the watcher has already rung, so a task rings at most once
 * per computer across restarts, reconnects and the race between its live event and a catch-up read.
 */
export class WatchStore {
  readonly #path: string;
  readonly #watermarks: Map<string, number>;
  readonly #handled: Set<string>;
  readonly #attempts: Map<string, number>;
  readonly #write: WriteWatchFile;
  #writing: Promise<unknown> = Promise.resolve();
  #queued: Promise<void> | null = null;

  private constructor(path: string, file: WatchFile, write: WriteWatchFile) {
    this.#path = path;
    this.#write = write;
    this.#watermarks = new Map(
      Object.entries(file.workspaces).flatMap(([id, entry]) => {
        const ms = Date.parse(entry.watermark);
        return Number.isNaN(ms) ? [] : [[id, ms] as const];
      }),
    );
    this.#handled = new Set(file.handled.slice(-MAX_HANDLED_TASKS));
    this.#attempts = new Map(Object.entries(file.attempts ?? {}).slice(-MAX_HANDLED_TASKS));
  }

  static async open(
    dataDir: string,
    logger: Logger,
    write: WriteWatchFile = (path, data) => writeFileAtomic(path, data),
  ): Promise<WatchStore> {
    const path = join(dataDir, TRACKER_WATCH_FILE);
    let file: WatchFile = { version: 1, workspaces: {}, handled: [] };
    try {
      file = parseWatchFile(await readFile(path, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        await quarantineFile(
          path,
          error,
          logger,
          'Tracker tasks are watched again from now on; older finished tasks will not ring.',
        );
      }
    }
    return new WatchStore(path, file, write);
  }

  /** Epoch ms, or null when this workspace was never connected to. */
  watermark(workspaceId: string): number | null {
    return this.#watermarks.get(workspaceId) ?? null;
  }

  setWatermark(workspaceId: string, ms: number): Promise<void> {
    if (this.#watermarks.get(workspaceId) === ms) return this.#writing.then(() => undefined);
    this.#watermarks.set(workspaceId, ms);
    return this.#save();
  }

  /** A workspace no longer watched: watching it again later starts afresh, without its history. */
  forget(workspaceId: string): Promise<void> {
    if (!this.#watermarks.delete(workspaceId)) return this.#writing.then(() => undefined);
    return this.#save();
  }

  isHandled(taskId: string): boolean {
    return this.#handled.has(taskId);
  }

  /** Failed attempts to report this task so far (0 when none, or once it is handled). */
  failedAttempts(taskId: string): number {
    return this.#attempts.get(taskId) ?? 0;
  }

  /** One more failed attempt: the new count at once, and the write that keeps it. */
  addFailedAttempt(taskId: string): { attempts: number; saved: Promise<void> } {
    const attempts = this.failedAttempts(taskId) + 1;
    this.#attempts.delete(taskId);
    this.#attempts.set(taskId, attempts);
    dropOldest(this.#attempts, MAX_HANDLED_TASKS);
    return { attempts, saved: this.#save() };
  }

  markHandled(taskId: string): Promise<void> {
    this.#attempts.delete(taskId);
    this.#handled.delete(taskId);
    this.#handled.add(taskId);
    dropOldest(this.#handled, MAX_HANDLED_TASKS);
    return this.#save();
  }

  /** Resolves when every write asked for so far is on disk (or failed). */
  async flush(): Promise<void> {
    await this.#writing;
  }

  /** Changes made while a write is waiting its turn share that write (it snapshots when it starts). */
  #save(): Promise<void> {
    if (this.#queued) return this.#queued;
    const next = this.#writing.then(() => {
      this.#queued = null;
      return this.#write(this.#path, JSON.stringify(this.#snapshot()));
    });
    this.#queued = next;
    this.#writing = next.catch(() => undefined);
    return next;
  }

  #snapshot(): WatchFile {
    const workspaces: WatchFile['workspaces'] = {};
    for (const [id, ms] of this.#watermarks) workspaces[id] = { watermark: new Date(ms).toISOString() };
    const attempts = Object.fromEntries(this.#attempts);
    return { version: 1, workspaces, handled: [...this.#handled], attempts };
  }
}

/** Sets and maps keep insertion order: the first keys are the oldest. */
function dropOldest(entries: Set<string> | Map<string, number>, max: number): void {
  for (const key of entries.keys()) {
    if (entries.size <= max) break;
    entries.delete(key);
  }
}

function parseWatchFile(text: string): WatchFile {
  const value = JSON.parse(text) as Partial<WatchFile> | null;
  if (typeof value !== 'object' || value === null || value.version !== 1) {
    throw new Error('not a version 1 tracker watch file');
  }
  const workspaces: WatchFile['workspaces'] = {};
  if (typeof value.workspaces === 'object' && value.workspaces !== null) {
    for (const [id, entry] of Object.entries(value.workspaces)) {
      if (typeof entry?.watermark === 'string') workspaces[id] = { watermark: entry.watermark };
    }
  }
  const handled = Array.isArray(value.handled)
    ? value.handled.filter((id): id is string => typeof id === 'string')
    : [];
  const attempts: Record<string, number> = {};
  if (typeof value.attempts === 'object' && value.attempts !== null) {
    for (const [id, count] of Object.entries(value.attempts)) {
      if (Number.isInteger(count) && count > 0) attempts[id] = count;
    }
  }
  return { version: 1, workspaces, handled, attempts };
}
