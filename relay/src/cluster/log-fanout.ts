import { logFrame } from '../events/log-frame';
import type { RelayLogger } from '../relay-logger';
import type { RelayStore } from '../storage/relay-store';
import type { StreamHub } from '../stream/stream-hub';
import type { DeviceNames } from './device-names';

/** Entries read from the log at once when several arrived together. */
const READ_PAGE = 200;

interface AccountCursor {
  /** The last seq published to this instance's streams of the account. */
  published: number;
  /** The highest seq announced so far. */
  announced: number;
  /** A stream joined having less than `published`: read again from here (its frames follow). */
  rewindTo: number | null;
  running: boolean;
}

/**
 * Sends what an account's log gained to the account's streams on this instance, in seq order,
 * each entry once, reading each frame from the log. It is told only "seq N of account A was
 * written" (by this instance's routes, or by another instance through the database), and reads
 * from where it stopped to N, so an entry announced out of order or not at all (several written
 * in one transaction) is still sent, in order. Accounts with no stream here cost nothing.
 *
 * Where it stopped is never below where the account's streams stand: each stream says what it
 * has when it joins (`joined`). A first announcement alone would not do: a stream that joined
 * while notifications went unheard (the listening connection down) stands below it, and the
 * entries between would never reach it.
 */
export class LogFanout {
  readonly #store: RelayStore;
  readonly #hub: StreamHub;
  readonly #names: DeviceNames;
  readonly #logger: RelayLogger;
  readonly #cursors = new Map<string, AccountCursor>();

  constructor(deps: { store: RelayStore; hub: StreamHub; names: DeviceNames; logger: RelayLogger }) {
    this.#store = deps.store;
    this.#hub = deps.hub;
    this.#names = deps.names;
    this.#logger = deps.logger;
  }

  announce(accountId: string, seq: number): void {
    if (!this.#hub.has(accountId)) {
      // Nobody here listens: a stream that opens later starts from the log itself.
      this.#cursors.delete(accountId);
      return;
    }
    let cursor = this.#cursors.get(accountId);
    if (!cursor) {
      // Every stream here joined before this entry was written and heard of it (or says where it
      // stands with `joined`), so nothing before it is owed.
      cursor = { published: seq - 1, announced: seq, rewindTo: null, running: false };
      this.#cursors.set(accountId, cursor);
    }
    if (seq <= cursor.announced && cursor.running) return;
    cursor.announced = Math.max(cursor.announced, seq);
    if (!cursor.running) void this.#drain(accountId, cursor);
  }

  /**
   * A stream of the account joined here (already in the hub) with every entry up to `seq`: what
   * follows `seq` reaches it, whatever was announced before. Entries read twice are harmless: a
   * stream skips a frame it already has.
   */
  joined(accountId: string, seq: number): void {
    const cursor = this.#cursors.get(accountId);
    if (!cursor) {
      this.#cursors.set(accountId, { published: seq, announced: seq, rewindTo: null, running: false });
      return;
    }
    if (seq >= cursor.published) return;
    cursor.rewindTo = Math.min(cursor.rewindTo ?? seq, seq);
    if (!cursor.running) void this.#drain(accountId, cursor);
  }

  /** Forgets every account's position: after missed notifications, streams resume by id. */
  reset(): void {
    this.#cursors.clear();
  }

  async #drain(accountId: string, cursor: AccountCursor): Promise<void> {
    cursor.running = true;
    // A reset drops the cursor: this drain then stops, and its failure is no longer news.
    const current = () => this.#cursors.get(accountId) === cursor;
    try {
      for (;;) {
        if (cursor.rewindTo !== null) {
          cursor.published = Math.min(cursor.published, cursor.rewindTo);
          cursor.rewindTo = null;
        }
        if (!(cursor.published < cursor.announced && this.#hub.has(accountId) && current())) break;
        const wanted = Math.min(READ_PAGE, cursor.announced - cursor.published);
        const entries = await this.#store.logSince(accountId, cursor.published, wanted);
        if (entries.length === 0) {
          // Purged meanwhile: nothing to send up to what was announced (unless a stream joined
          // below it since, which the next turn sees).
          cursor.published = cursor.announced;
          continue;
        }
        const names = await this.#names.of(accountId);
        for (const entry of entries) {
          const frame = await logFrame(this.#store, entry, names);
          if (!current()) break;
          cursor.published = entry.seq;
          if (frame !== null) this.#hub.publish(accountId, entry.seq, frame);
        }
      }
    } catch (error) {
      // The frames this stream missed are in the log: closing makes its client resume by id.
      this.#logger.error(`fan-out of account ${accountId} failed: ${(error as Error).message}`);
      if (current()) {
        this.#hub.closeAccount(accountId);
        this.#cursors.delete(accountId);
      }
    } finally {
      cursor.running = false;
    }
    if (!this.#hub.has(accountId) && this.#cursors.get(accountId) === cursor) this.#cursors.delete(accountId);
  }
}
