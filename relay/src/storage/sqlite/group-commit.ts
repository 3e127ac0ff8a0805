import type Database from 'better-sqlite3';

/** What one commit carried, for tests and benchmarks. */
export interface CommitInfo {
  /** Writes that committed together (each its own savepoint in one transaction). */
  writes: number;
}

/**
 * Runs the store's writes so that the writes asked for in the same turn of the event loop
 * share one transaction, and so one fsync: with `synchronous = FULL` a commit costs a disk
 * flush, which one write per request cannot afford.
 *
 * better-sqlite3 is synchronous, so batching needs the callers to get out of the way: `write`
 * only queues the work and returns a promise; the batch runs in a `setImmediate` callback,
 * after the poll phase has read and routed every request that arrived meanwhile (each one
 * reaches its `await store.…` within its own I/O callback). While a commit blocks on its fsync,
 * the next requests pile up in their sockets and become the next batch: under load a burst of
 * requests pays for one flush.
 *
 * Each write is its own savepoint: one that throws is rolled back alone and rejects only its
 * own promise, and the writes after it see none of it. A write runs after the ones queued
 * before it and sees their changes, so idempotency checks are exact within a batch too. Every
 * promise settles after COMMIT returned, never before (an answer means the write is on disk),
 * and in the order the writes were asked for.
 */
export class GroupCommit {
  readonly #db: Database.Database;
  readonly #batched: boolean;
  readonly #onCommit: ((info: CommitInfo) => void) | undefined;
  /** Runs its argument inside a savepoint, or a transaction of its own when none is open. */
  readonly #savepoint: Database.Transaction<(work: () => unknown) => unknown>;
  #queue: Job[] = [];
  #scheduled = false;
  #closed = false;

  constructor(
    db: Database.Database,
    options: { batched: boolean; onCommit?: ((info: CommitInfo) => void) | undefined },
  ) {
    this.#db = db;
    this.#batched = options.batched;
    this.#onCommit = options.onCommit;
    this.#savepoint = db.transaction((work: () => unknown) => work());
  }

  /** Runs `work` (synchronous SQLite calls) in the next commit; resolves once it is durable. */
  write<R>(work: () => R): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('the relay store is closed'));
    if (!this.#batched) return this.#writeAlone(work);
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#scheduled) {
        this.#scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Commits what is queued now. Runs by itself; `close` calls it to finish the last batch. */
  flush(): void {
    this.#scheduled = false;
    const batch = this.#queue;
    this.#queue = [];
    const outcomes = new Map<Job, Outcome>();
    let pending = batch;
    try {
      // Each pass either commits or drops the one write that broke the transaction, so it ends.
      while (pending.length > 0) pending = this.#commit(pending, outcomes);
    } catch (error) {
      // Even ROLLBACK failed: what has no outcome did not commit, and the relay must not crash.
      for (const job of batch) if (!outcomes.has(job)) outcomes.set(job, { ok: false, error });
    }
    this.#settleInOrder(batch, outcomes, 0);
  }

  /** Finishes the queued writes; later ones are refused. */
  close(): void {
    this.flush();
    this.#closed = true;
  }

  /** The unbatched way (benchmarks compare against it): one transaction per write. */
  async #writeAlone<R>(work: () => R): Promise<R> {
    const result = this.#savepoint.immediate(work) as R;
    this.#observe(1);
    return result;
  }

  /** An observer that throws says nothing about the writes: they committed. */
  #observe(writes: number): void {
    try {
      this.#onCommit?.({ writes });
    } catch {
      // Only tests and benchmarks observe commits.
    }
  }

  /**
   * One transaction over `jobs`, recording each one's outcome. Returns the jobs still to run:
   * none once it committed (or failed as a whole), or the survivors when a write's error rolled
   * back the whole transaction (SQLite does that for I/O errors and a full disk), to be redone
   * without it.
   */
  #commit(jobs: Job[], outcomes: Map<Job, Outcome>): Job[] {
    const db = this.#db;
    try {
      // IMMEDIATE takes the write lock up front: no lock upgrade to fail halfway through.
      db.exec('BEGIN IMMEDIATE');
    } catch (error) {
      for (const job of jobs) outcomes.set(job, { ok: false, error });
      return [];
    }
    const done: { job: Job; value: unknown }[] = [];
    for (const [index, job] of jobs.entries()) {
      try {
        done.push({ job, value: this.#savepoint(job.work) });
      } catch (error) {
        outcomes.set(job, { ok: false, error });
        if (!db.inTransaction) return [...done.map((entry) => entry.job), ...jobs.slice(index + 1)];
      }
    }
    if (done.length === 0) {
      db.exec('ROLLBACK');
      return [];
    }
    try {
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      for (const { job } of done) outcomes.set(job, { ok: false, error });
      return [];
    }
    for (const { job, value } of done) outcomes.set(job, { ok: true, value });
    this.#observe(done.length);
    return [];
  }

  /**
   * Settles the batch's writes in the order they were asked for, each one once the microtasks
   * the one before it started have run (a tick queued from a microtask runs only after the
   * microtask queue is empty). Their callers publish stream frames after their `await`, some
   * after more awaits than others, and a stream drops a frame whose seq is below one it sent:
   * settled all at once, a reply frame (seq 6) could overtake the event frame (seq 5) before it.
   */
  #settleInOrder(jobs: Job[], outcomes: Map<Job, Outcome>, index: number): void {
    const job = jobs[index];
    if (!job) return;
    const outcome = outcomes.get(job) ?? { ok: false, error: new Error('write was not run') };
    if (outcome.ok) job.resolve(outcome.value);
    else job.reject(outcome.error);
    if (index + 1 < jobs.length)
      queueMicrotask(() => process.nextTick(() => this.#settleInOrder(jobs, outcomes, index + 1)));
  }
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

interface Job {
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}
