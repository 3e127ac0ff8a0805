import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type DispatchActor,
  type DispatchInput,
  dispatchMachine,
  isRestorableDispatch,
  startDispatch,
} from '@ringback/machines';
import { DISPATCH_LIST_MAX } from '@ringback/protocol';
import { DATA_FILES } from '../../config/data-dir';
import type { Logger } from '../../log/logger';
import { writeFileAtomic } from '../../storage/atomic-write';
import { quarantineFile } from '../../storage/quarantine';

export const DISPATCHES_FILE = DATA_FILES.dispatches;

/** How the file is written: `writeFileAtomic` (mode 600), replaceable so tests can make it fail. */
export type WriteFile = (path: string, data: string) => Promise<void>;

interface DispatchFile {
  version: 1;
  /** Each record's `getPersistedSnapshot()`, newest first. */
  dispatches: unknown[];
}

/**
 * `{dataDir}/dispatches.json`: the dispatches sent from this computer, newest first, at most 100.
 * Each record is a running dispatch actor; the file holds their persisted snapshots. A record that
 * changes (its machine's `persist`) marks the list dirty, and `flush` writes it once for all the
 * changes made meanwhile, one write at a time.
 */
export class DispatchStore {
  readonly #path: string;
  readonly #logger: Logger;
  readonly #write: WriteFile;
  /** Newest first. */
  #actors: DispatchActor[] = [];
  #dirty = false;
  #writing: Promise<void> = Promise.resolve();

  private constructor(path: string, logger: Logger, write: WriteFile) {
    this.#path = path;
    this.#logger = logger;
    this.#write = write;
  }

  static async open(
    dataDir: string,
    logger: Logger,
    write: WriteFile = (path, data) => writeFileAtomic(path, data),
  ): Promise<DispatchStore> {
    const store = new DispatchStore(join(dataDir, DISPATCHES_FILE), logger, write);
    const records = await store.#read();
    for (const persisted of records) {
      try {
        store.#actors.push(store.#start({ persisted }));
      } catch (error) {
        const id = (persisted as { context?: { id?: unknown } } | null)?.context?.id;
        logger.error(
          `dropped an unreadable dispatch record ${String(id ?? '')}: ${(error as Error).message}`,
        );
        store.#dirty = true;
      }
    }
    store.#actors.sort((a, b) => b.getSnapshot().context.createdAt - a.getSnapshot().context.createdAt);
    if (store.#actors.length > DISPATCH_LIST_MAX) store.#trim();
    return store;
  }

  /** Every record, newest first. */
  list(): DispatchActor[] {
    return [...this.#actors];
  }

  get(id: string): DispatchActor | undefined {
    return this.#actors.find((actor) => actor.getSnapshot().context.id === id);
  }

  /** Records a new dispatch (first in the list, the oldest beyond 100 dropped), durably. */
  async add(input: DispatchInput): Promise<DispatchActor> {
    const actor = this.#start({ input });
    this.#actors.unshift(actor);
    this.#trim();
    this.#dirty = true;
    await this.flush();
    return actor;
  }

  /** Writes the list if a record changed since the last write. */
  flush(): Promise<void> {
    const next = this.#writing.then(async () => {
      if (!this.#dirty) return;
      this.#dirty = false;
      const file: DispatchFile = {
        version: 1,
        dispatches: this.#actors.map((actor) => actor.getPersistedSnapshot()),
      };
      try {
        await this.#write(this.#path, `${JSON.stringify(file)}\n`);
      } catch (error) {
        this.#dirty = true;
        throw error;
      }
    });
    this.#writing = next.catch(() => undefined);
    return next;
  }

  /** Stops every actor (the daemon is closing). */
  stop(): void {
    for (const actor of this.#actors) actor.stop();
  }

  #start(from: { input: DispatchInput } | { persisted: unknown }): DispatchActor {
    const machine = dispatchMachine.provide({
      actions: {
        persist: () => {
          this.#dirty = true;
        },
      },
    });
    return startDispatch(machine, from);
  }

  #trim(): void {
    for (const dropped of this.#actors.splice(DISPATCH_LIST_MAX)) dropped.stop();
    this.#dirty = true;
  }

  async #read(): Promise<unknown[]> {
    let text: string;
    try {
      text = await readFile(this.#path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    try {
      const parsed = JSON.parse(text) as Partial<DispatchFile> | null;
      if (!Array.isArray(parsed?.dispatches)) throw new Error('no dispatches list');
      return parsed.dispatches.filter((record) => {
        if (isRestorableDispatch(record)) return true;
        this.#logger.error(`${this.#path}: dropped a dispatch record this version cannot read`);
        this.#dirty = true;
        return false;
      });
    } catch (error) {
      const aside = await quarantineFile(
        this.#path,
        error,
        this.#logger,
        'Starting with an empty dispatch list; the dispatches themselves are safe in the tracker.',
      );
      if (aside === null) throw error;
      return [];
    }
  }
}
