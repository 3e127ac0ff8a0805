import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RingbackError } from '@ringback/protocol';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';

/** Where the ids of relayed requests run lately are kept, so a replay is refused after a restart too. */
export const RELAYED_REQUESTS_FILE = 'relayed-requests.json';
/** How far a request's sealed `issuedAt` may be from this computer's clock, either way. */
export const RELAYED_REQUEST_WINDOW_MS = 5 * 60_000;
/**
 * Ids held at most: each is held for its request's window (about 5 minutes), and only requests
 * sealed with this computer's key get this far, so only the user's own devices can fill it.
 */
export const MAX_REMEMBERED_REQUESTS = 1000;

interface GuardFile {
  version: 1;
  /** After the record was lost: requests issued before this time are refused (ms epoch). */
  notBefore?: number;
  /** `[requestId, issuedAt]` of every request admitted within its window. */
  requests: [string, number][];
}

function toGuardFile(value: unknown): GuardFile {
  const file = value as Partial<GuardFile> | null;
  const valid =
    file?.version === 1 &&
    (file.notBefore === undefined || Number.isFinite(file.notBefore)) &&
    Array.isArray(file.requests) &&
    file.requests.every(
      (entry) => Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
    );
  if (!valid) throw new Error('not a relayed-requests file');
  return file as GuardFile;
}

export interface RelayedRequestGuardOptions {
  now?: () => number;
  maxRemembered?: number;
}

/**
 * Refuses a sealed settings request that the relay replays. The relay cannot read or change a
 * request (its id is bound into the seal), but it could send one again: so each request carries
 * its own sealed `issuedAt`, one older (or further ahead) than 5 minutes is refused, and the id
 * of every request admitted is written down before it runs and held for those 5 minutes.
 */
export class RelayedRequestGuard {
  readonly #path: string;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #maxRemembered: number;
  readonly #admitted: Map<string, number>;
  #notBefore: number | undefined;
  #writing: Promise<unknown> = Promise.resolve();
  #queued: Promise<void> | null = null;

  private constructor(
    path: string,
    logger: Logger,
    file: GuardFile,
    options: Required<RelayedRequestGuardOptions>,
  ) {
    this.#path = path;
    this.#logger = logger;
    this.#now = options.now;
    this.#maxRemembered = options.maxRemembered;
    this.#admitted = new Map(file.requests);
    this.#notBefore = file.notBefore;
  }

  static async open(
    dataDir: string,
    logger: Logger,
    options: RelayedRequestGuardOptions = {},
  ): Promise<RelayedRequestGuard> {
    const path = join(dataDir, RELAYED_REQUESTS_FILE);
    const settings = {
      now: options.now ?? Date.now,
      maxRemembered: options.maxRemembered ?? MAX_REMEMBERED_REQUESTS,
    };
    let file: GuardFile = { version: 1, requests: [] };
    let lost = false;
    try {
      file = toGuardFile(JSON.parse(await readFile(path, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        lost = true;
        await quarantineFile(
          path,
          error,
          logger,
          'Relayed settings requests issued in the next 5 minutes are refused, since any of them could be a replay.',
        );
      }
    }
    if (lost) {
      // Any request issued up to 5 minutes ahead of now may have run already: refuse them all.
      file = { version: 1, notBefore: settings.now() + RELAYED_REQUEST_WINDOW_MS, requests: [] };
    }
    const guard = new RelayedRequestGuard(path, logger, file, settings);
    if (lost) await guard.#save();
    return guard;
  }

  /**
   * Resolves once this request may run and its id is durable; throws `replayed_request` for a
   * request run before or issued outside the window, `too_many_attempts` when the record is
   * full, `internal_error` when the id could not be written down (the request does not run).
   */
  async admit(requestId: string, issuedAt: number): Promise<void> {
    this.#hold(requestId, issuedAt);
    try {
      await this.#save();
    } catch (error) {
      this.#logger.error(`could not record relayed request ${requestId}: ${(error as Error).message}`);
      throw new RingbackError('internal_error', 'could not record the request, so it was not run');
    }
  }

  /**
   * The same checks as `admit`, but the request may run before its id reaches the disk: for
   * requests that change nothing on this computer (a model answer, a sentence spoken, a recording
   * transcribed), whose answers only the user's devices can open. Waiting for the disk would add
   * a write and two fsyncs to every sentence a phone hears through its computer; the id is held
   * at once and written down a moment later, so a restart still refuses a replay.
   */
  admitNow(requestId: string, issuedAt: number): void {
    this.#hold(requestId, issuedAt);
    this.#save().catch((error: Error) =>
      this.#logger.error(`could not record relayed request ${requestId}: ${error.message}`),
    );
  }

  /** Resolves once every id admitted so far is written down (or its write failed). */
  async flushed(): Promise<void> {
    await this.#writing;
  }

  /** Checks a request against the window and the ids held, then holds its id. Throws RingbackError. */
  #hold(requestId: string, issuedAt: number): void {
    const now = this.#now();
    if (Math.abs(now - issuedAt) > RELAYED_REQUEST_WINDOW_MS) {
      throw new RingbackError(
        'replayed_request',
        `the request was issued at ${new Date(issuedAt).toISOString()}, more than 5 minutes from this ` +
          `computer's clock (${new Date(now).toISOString()}): a replay, or a clock that is off`,
      );
    }
    if (this.#notBefore !== undefined && issuedAt < this.#notBefore) {
      throw new RingbackError(
        'replayed_request',
        `this computer lost its record of recent relayed requests: those issued before ${new Date(this.#notBefore).toISOString()} are refused`,
      );
    }
    this.#forgetExpired(now);
    if (this.#admitted.has(requestId)) {
      throw new RingbackError('replayed_request', `request ${requestId} has already run`);
    }
    if (this.#admitted.size >= this.#maxRemembered) {
      throw new RingbackError(
        'too_many_attempts',
        'too many relayed requests in the last minutes: try again later',
      );
    }
    // Held even when the write fails: an id that might have run is never admitted again.
    this.#admitted.set(requestId, issuedAt);
  }

  /** Ids whose request is too old to pass the time check are no longer needed. */
  #forgetExpired(now: number): void {
    for (const [requestId, issuedAt] of this.#admitted) {
      if (now - issuedAt > RELAYED_REQUEST_WINDOW_MS) this.#admitted.delete(requestId);
    }
    if (this.#notBefore !== undefined && now - this.#notBefore > RELAYED_REQUEST_WINDOW_MS) {
      this.#notBefore = undefined;
    }
  }

  /**
   * Writes the record down. Writes run one at a time, and a write that has not started yet is
   * shared: it reads the ids when it starts, so it covers every id held before it.
   */
  #save(): Promise<void> {
    if (this.#queued) return this.#queued;
    const next = this.#writing.then(() => {
      this.#queued = null;
      const file: GuardFile = { version: 1, requests: [...this.#admitted] };
      if (this.#notBefore !== undefined) file.notBefore = this.#notBefore;
      return writeFileAtomic(this.#path, JSON.stringify(file), PRIVATE_FILE_MODE);
    });
    this.#queued = next;
    this.#writing = next.catch(() => undefined);
    return next;
  }
}
