import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RingbackError } from '@ringback/protocol';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';
import { emptyRecord, type RelayedKind, type RelayedRecord, toRelayedRecord } from './relayed-request-record';

/** Where the ids of relayed requests run lately are kept, so a replay is refused after a restart too. */
export const RELAYED_REQUESTS_FILE = 'relayed-requests.json';
/** How far a request's sealed `issuedAt` may be from this computer's clock, either way. */
export const RELAYED_REQUEST_WINDOW_MS = 5 * 60_000;
/**
 * Ids held at most, for each kind (settings requests, requests to the computer): each is held for
 * its request's window (about 5 minutes), and only requests sealed with this computer's key get
 * this far, so only the user's own devices can fill it; a phone speaking through its computer
 * never uses up the settings requests' share.
 */
export const MAX_REMEMBERED_REQUESTS = 1000;
/**
 * How far ahead the record says requests to the computer may be running unrecorded (see
 * `admitComputer`): one write covers this long of requests, and an abrupt stop refuses requests
 * issued up to this long after it.
 */
export const RUNNING_LEAD_MS = 60_000;

const KIND_NAMES: Record<RelayedKind, string> = {
  settings: 'relayed settings requests',
  computer: 'requests to the computer',
};

export interface RelayedRequestGuardOptions {
  now?: () => number;
  maxRemembered?: number;
}

interface KindState {
  admitted: Map<string, number>;
  notBefore: number | undefined;
}

/**
 * Refuses a sealed relayed request that the relay replays, so each runs at most once, also
 * across a crash. The relay cannot read or change a request (its id is bound into the seal), but
 * it could send one again: so each request carries its own sealed `issuedAt`, one older (or
 * further ahead) than 5 minutes is refused, and the id of every request admitted is held for
 * those 5 minutes in `relayed-requests.json`.
 */
export class RelayedRequestGuard {
  readonly #path: string;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #maxRemembered: number;
  readonly #kinds: Record<RelayedKind, KindState>;
  /** The `runningUntil` the next write carries, and the one on disk (see `admitComputer`). */
  #runningWanted: number | undefined;
  #runningDurable: number | undefined;
  #closed = false;
  #writing: Promise<unknown> = Promise.resolve();
  #queued: Promise<void> | null = null;

  private constructor(
    path: string,
    logger: Logger,
    record: RelayedRecord,
    options: Required<RelayedRequestGuardOptions>,
  ) {
    this.#path = path;
    this.#logger = logger;
    this.#now = options.now;
    this.#maxRemembered = options.maxRemembered;
    const state = (kind: RelayedKind): KindState => ({
      admitted: new Map(record[kind].requests),
      notBefore: record[kind].notBefore,
    });
    this.#kinds = { settings: state('settings'), computer: state('computer') };
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
    const now = settings.now();
    let record = emptyRecord();
    let rewrite = false;
    try {
      record = toRelayedRecord(JSON.parse(await readFile(path, 'utf8')));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        // Any request issued up to 5 minutes ahead of now may have run already: refuse them all.
        const notBefore = now + RELAYED_REQUEST_WINDOW_MS;
        await quarantineFile(
          path,
          error,
          logger,
          `Relayed settings requests and requests to the computer issued before ${new Date(notBefore).toISOString()} are refused, since any of them could be a replay.`,
        );
        record = emptyRecord();
        record.settings.notBefore = notBefore;
        record.computer.notBefore = notBefore;
        rewrite = true;
      }
    }
    const { runningUntil } = record.computer;
    if (runningUntil !== undefined) {
      // Stopped abruptly: requests issued up to then may have run with their id never written down.
      const notBefore = Math.max(record.computer.notBefore ?? 0, runningUntil + 1);
      logger.warn(
        `the daemon stopped abruptly while running requests to the computer: those issued before ${new Date(notBefore).toISOString()} are refused, since any of them could be a replay (relayed settings requests are not affected)`,
      );
      record.computer = { notBefore, requests: record.computer.requests };
      rewrite = true;
    }
    const guard = new RelayedRequestGuard(path, logger, record, settings);
    if (rewrite) await guard.#save();
    return guard;
  }

  /**
   * A settings request: resolves once it may run and its id is durable; throws `replayed_request`
   * for a request run before or issued outside the window, `too_many_attempts` when the record
   * is full, `internal_error` when the id could not be written down (the request does not run).
   */
  async admit(requestId: string, issuedAt: number): Promise<void> {
    this.#hold('settings', requestId, issuedAt);
    try {
      await this.#save();
    } catch (error) {
      this.#logger.error(`could not record relayed request ${requestId}: ${(error as Error).message}`);
      throw new RingbackError('internal_error', 'could not record the request, so it was not run');
    }
  }

  /**
   * A request to the computer (a model answer, a sentence spoken, a recording transcribed): the
   * same checks as `admit`, and it still runs at most once across any crash, without a write
   * before each of them (that would add two fsyncs to every sentence a phone hears through its
   * computer). It is covered by the record's `runningUntil`, written before any request it covers
   * starts and a minute ahead, so one write covers the requests of the next minute (and is
   * renewed before it runs out); its id reaches the disk with the next write (a clean stop writes
   * them all). After an abrupt stop, the record refuses every request issued before that time.
   */
  async admitComputer(requestId: string, issuedAt: number): Promise<void> {
    if (this.#closed) throw new RingbackError('internal_error', 'this computer is stopping');
    this.#hold('computer', requestId, issuedAt);
    const now = this.#now();
    const wanted = Math.max(issuedAt, now) + RUNNING_LEAD_MS;
    if (this.#runningDurable !== undefined && this.#runningDurable >= issuedAt) {
      // Covered already, so nothing is written: after a crash the covered time refuses it, and a
      // clean stop writes its id down. Renewed ahead of time, so a steady stream never waits.
      if (this.#runningDurable - now < RUNNING_LEAD_MS / 2) {
        this.#runningWanted = Math.max(this.#runningWanted ?? 0, wanted);
        this.#save().catch((error: Error) =>
          this.#logger.error(
            `could not move the covered time of requests to the computer ahead: ${error.message}`,
          ),
        );
      }
      return;
    }
    this.#runningWanted = Math.max(this.#runningWanted ?? 0, wanted);
    try {
      await this.#save();
    } catch (error) {
      this.#logger.error(`could not record relayed request ${requestId}: ${(error as Error).message}`);
      throw new RingbackError('internal_error', 'could not record the request, so it was not run');
    }
  }

  /**
   * Resolves once the writes begun or queued so far are done (or failed): the id of every
   * settings request admitted so far is then on disk, and so is the id of every request to the
   * computer whose admission wrote the record. Not that of a request to the computer admitted
   * under a `runningUntil` already on disk: no write is made for it, its id goes down with the
   * next write or the clean stop (`close`), and until then the covered time refuses it after a crash.
   */
  async flushed(): Promise<void> {
    await this.#writing;
  }

  /**
   * A clean stop: no request to the computer starts any more, and every id held is written down
   * without `runningUntil`, so the next start refuses nothing but replays.
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#runningWanted = undefined;
    await this.#save().catch((error: Error) =>
      this.#logger.error(`could not write down the relayed requests on stopping: ${error.message}`),
    );
  }

  /** Checks a request against the window and the ids held, then holds its id. Throws RingbackError. */
  #hold(kind: RelayedKind, requestId: string, issuedAt: number): void {
    const state = this.#kinds[kind];
    const now = this.#now();
    if (Math.abs(now - issuedAt) > RELAYED_REQUEST_WINDOW_MS) {
      throw new RingbackError(
        'replayed_request',
        `the request was issued at ${new Date(issuedAt).toISOString()}, more than 5 minutes from this ` +
          `computer's clock (${new Date(now).toISOString()}): a replay, or a clock that is off`,
      );
    }
    if (state.notBefore !== undefined && issuedAt < state.notBefore) {
      throw new RingbackError(
        'replayed_request',
        `this computer may have run ${KIND_NAMES[kind]} issued before ${new Date(state.notBefore).toISOString()} ` +
          'without a record of them (it stopped abruptly, or lost its record): those are refused',
      );
    }
    this.#forgetExpired(state, now);
    if (state.admitted.has(requestId)) {
      throw new RingbackError('replayed_request', `request ${requestId} has already run`);
    }
    if (state.admitted.size >= this.#maxRemembered) {
      throw new RingbackError(
        'too_many_attempts',
        `too many ${KIND_NAMES[kind]} in the last minutes: try again later`,
      );
    }
    // Held even when the write fails: an id that might have run is never admitted again.
    state.admitted.set(requestId, issuedAt);
  }

  /** Ids whose request is too old to pass the time check are no longer needed. */
  #forgetExpired(state: KindState, now: number): void {
    for (const [requestId, issuedAt] of state.admitted) {
      if (now - issuedAt > RELAYED_REQUEST_WINDOW_MS) state.admitted.delete(requestId);
    }
    if (state.notBefore !== undefined && now - state.notBefore > RELAYED_REQUEST_WINDOW_MS) {
      state.notBefore = undefined;
    }
  }

  /**
   * Writes the record down. Writes run one at a time, and a write that has not started yet is
   * shared: it reads the ids and `runningUntil` when it starts, so it covers every id held before it.
   */
  #save(): Promise<void> {
    if (this.#queued) return this.#queued;
    const next = this.#writing.then(async () => {
      this.#queued = null;
      const running = this.#runningWanted;
      const kind = ({ admitted, notBefore }: KindState) => ({
        ...(notBefore === undefined ? {} : { notBefore }),
        requests: [...admitted],
      });
      const record: RelayedRecord = {
        version: 2,
        settings: kind(this.#kinds.settings),
        computer: {
          ...kind(this.#kinds.computer),
          ...(running === undefined ? {} : { runningUntil: running }),
        },
      };
      await writeFileAtomic(this.#path, JSON.stringify(record), PRIVATE_FILE_MODE);
      this.#runningDurable = running;
    });
    this.#queued = next;
    this.#writing = next.catch(() => undefined);
    return next;
  }
}
