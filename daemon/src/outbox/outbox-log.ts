import { rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { OutboxJournal } from './outbox-journal';

/** Where the outbox's checkpoint and journals live. */
export interface OutboxLogPaths {
  /** `outbox.json`. */
  checkpoint: string;
  /** `outbox.journal`: continues the checkpoint of its generation. */
  journal: string;
  /** `outbox.journal.next`: the journal of the next generation while its checkpoint is written. */
  nextJournal: string;
}

export function outboxLogPaths(checkpoint: string, journal: string): OutboxLogPaths {
  return { checkpoint, journal, nextJournal: `${journal}.next` };
}

/**
 * The outbox's snapshot file and the journal that continues it: appends one record per commit,
 * and folds the journal into a new checkpoint, in the foreground (at start, after a failed
 * write) or in the background once it has grown, so that commits never wait for a rewrite of
 * everything pending.
 *
 * Generations keep a crash at any point recoverable: the checkpoint says its generation, each
 * journal the generation it continues. A background compaction first opens the journal of the
 * next generation (appends go there at once), then writes that generation's checkpoint, then
 * renames the new journal over the old one. Reading applies the checkpoint's journal, then the
 * next generation's if there is one; a journal of an older generation is already contained.
 */
export class OutboxLog {
  readonly #paths: OutboxLogPaths;
  readonly #logger: Logger;
  #journal: OutboxJournal | null = null;
  #generation: number;
  #checkpointBytes = 0;
  /** At start, or a write failed: the next write rewrites the checkpoint and starts a journal. */
  #needsRewrite = true;
  #compaction: Promise<void> | null = null;

  constructor(paths: OutboxLogPaths, generation: number, logger: Logger) {
    this.#paths = paths;
    this.#generation = generation;
    this.#logger = logger;
  }

  get needsRewrite(): boolean {
    return this.#needsRewrite || !this.#journal;
  }

  /** Whether the journal outgrew `ratio` times the checkpoint (and `minBytes`), with no compaction running. */
  outgrown(minBytes: number, ratio: number): boolean {
    if (this.#compaction || !this.#journal) return false;
    return this.#journal.bytes > Math.max(minBytes, ratio * this.#checkpointBytes);
  }

  /** Waits for a background compaction, if one runs. */
  async settled(): Promise<void> {
    await this.#compaction;
  }

  /** Appends one record and waits until it is on disk. */
  async append(json: string): Promise<void> {
    if (!this.#journal || this.#needsRewrite) throw new Error('the outbox journal needs a rewrite first');
    try {
      await this.#journal.append(json);
    } catch (error) {
      // A record may be half written: nothing may follow it in this journal.
      this.#needsRewrite = true;
      throw error;
    }
  }

  /**
   * Writes the checkpoint of the next generation (`text` is called at once with its number),
   * then an empty journal for it. Call `settled()` first.
   */
  async rewrite(text: (generation: number) => string): Promise<void> {
    if (this.#compaction) throw new Error('a compaction is running');
    const generation = this.#generation + 1;
    const checkpoint = text(generation);
    try {
      await writeFileAtomic(this.#paths.checkpoint, checkpoint, PRIVATE_FILE_MODE);
      const journal = await OutboxJournal.create(this.#paths.journal, generation);
      // The journal of an unfinished compaction is contained in the checkpoint just written.
      await rm(this.#paths.nextJournal, { force: true });
      const previous = this.#journal;
      this.#journal = journal;
      this.#generation = generation;
      this.#checkpointBytes = checkpoint.length;
      this.#needsRewrite = false;
      await previous?.close().catch(() => undefined);
    } catch (error) {
      this.#needsRewrite = true;
      throw error;
    }
  }

  /**
   * Starts folding the journal into a new checkpoint (`text` is called at once with its
   * generation). Resolves once appends go to the new journal; the checkpoint is written after.
   */
  async compactInBackground(text: (generation: number) => string): Promise<void> {
    if (this.#compaction || this.needsRewrite) return;
    const generation = this.#generation + 1;
    const checkpoint = text(generation);
    // Durable, with its name, before any record goes into it.
    const next = await OutboxJournal.create(this.#paths.nextJournal, generation);
    const previous = this.#journal;
    this.#journal = next;
    this.#generation = generation;
    this.#compaction = (async () => {
      await previous?.close();
      await writeFileAtomic(this.#paths.checkpoint, checkpoint, PRIVATE_FILE_MODE);
      await rename(this.#paths.nextJournal, this.#paths.journal);
      await syncDirectory(dirname(this.#paths.journal));
      this.#checkpointBytes = checkpoint.length;
    })()
      .catch((error: Error) => {
        // The journals on disk still hold everything; the next write rewrites the checkpoint.
        this.#needsRewrite = true;
        this.#logger.warn(`could not compact the outbox journal (${error.message}); will retry`);
      })
      .finally(() => {
        this.#compaction = null;
      });
  }

  async close(): Promise<void> {
    await this.#compaction;
    await this.#journal?.close();
    this.#journal = null;
  }
}
