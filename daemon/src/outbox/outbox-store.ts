import { join } from 'node:path';
import type { Brief } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import type { EntryPayload } from './entry-payload';
import { GroupCommit } from './group-commit';
import { OutboxLog, outboxLogPaths } from './outbox-log';
import { rememberSession, type SessionRecord, type StoredEntry, serializeCheckpoint } from './outbox-state';
import { PayloadSegments } from './payload-segments';
import { type OutboxView, PendingChanges } from './pending-changes';
import { readOutboxState } from './read-outbox-state';

export type { SessionRecord, StoredEntry } from './outbox-state';
export { MAX_REMEMBERED_SESSIONS } from './outbox-state';

export interface OpenedOutbox {
  store: OutboxStore;
  /** Unfinished entries named in the outbox whose payload exists. */
  entries: StoredEntry[];
  /** Payloads the outbox does not name yet (a crash between the two writes, or a salvaged outbox). */
  orphans: EntryPayload[];
  /** The delivery gate's persisted state, or null. */
  delivery: unknown;
}

export interface OutboxStoreOptions {
  /** The journal is compacted into outbox.json once over this and twice outbox.json's size. */
  compactMinBytes?: number;
}

/** What `OutboxStore.open` needs of the data dir's layout. */
function pathsIn(dataDir: string) {
  return outboxLogPaths(join(dataDir, DATA_FILES.outbox), join(dataDir, DATA_FILES.outboxJournal));
}

const COMPACT_MIN_BYTES = 1024 * 1024;
/** A journal over twice the checkpoint costs more to replay at start than the rewrite it saves. */
const COMPACT_RATIO = 2;

function entryJson(eventId: string, snapshot: unknown): string {
  return JSON.stringify({ eventId, snapshot });
}

/**
 * The durable outbox: `outbox.json`, a checkpoint of each entry's small snapshot, the sessions
 * and the delivery gate (mode 600); `outbox.journal`, the changes since, one appended record per
 * commit; the payloads (report text, later with its brief) in `outbox/segment-*.json`.
 *
 * Every change waits for one shared flush (group commit): the payload versions queued since the
 * last flush go into new segments (one fsync for all reports that arrived together), then one
 * journal record names what changed, with one fsync. So a commit costs what changed, not what
 * is pending. The journal is compacted into a new checkpoint at start and once it outgrows the
 * checkpoint. A segment is deleted once no unfinished entry's latest version lives in it.
 */
export class OutboxStore {
  readonly #log: OutboxLog;
  readonly #logger: Logger;
  readonly #segments: PayloadSegments;
  readonly #commit: GroupCommit;
  readonly #compactMinBytes: number;
  /** Each entry's `{eventId, snapshot}` already serialised: a flush joins strings, not objects. */
  readonly #entries = new Map<string, string>();
  readonly #sessions = new Map<string, SessionRecord>();
  #delivery: string | null = null;
  readonly #changes = new PendingChanges();
  /** What a commit sees of the outbox when it takes the changes. */
  readonly #view: OutboxView;
  #closed = false;
  /** Payloads found at open that no entry names yet: until they are named, no newer segment is claimed. */
  readonly #orphansPending = new Set<string>();
  /** The segment the outbox claimed when it was opened. */
  #knownSegment = 0;

  private constructor(
    log: OutboxLog,
    segments: PayloadSegments,
    logger: Logger,
    options: OutboxStoreOptions,
  ) {
    this.#log = log;
    this.#segments = segments;
    this.#logger = logger;
    this.#compactMinBytes = options.compactMinBytes ?? COMPACT_MIN_BYTES;
    this.#commit = new GroupCommit(() => this.#flush());
    this.#view = {
      entry: (eventId) => this.#entries.get(eventId),
      isDurable: (eventId) => this.#segments.isDurable(eventId),
      session: (sessionId) => this.#sessions.get(sessionId),
      delivery: () => this.#delivery,
      orphansPending: this.#orphansPending,
      claimedSegment: () => this.#claimedSegment(),
    };
  }

  static async open(
    dataDir: string,
    logger: Logger,
    options: OutboxStoreOptions = {},
  ): Promise<OpenedOutbox> {
    const { segments, latest } = await PayloadSegments.load(join(dataDir, DATA_FILES.outboxEntries), logger);
    const paths = pathsIn(dataDir);
    const state = await readOutboxState(paths, logger);
    const store = new OutboxStore(new OutboxLog(paths, state.generation, logger), segments, logger, options);
    store.#knownSegment = state.segment;

    const entries: StoredEntry[] = [];
    for (const [eventId, snapshot] of state.entries) {
      const found = latest.get(eventId);
      latest.delete(eventId);
      if (!found) {
        logger.error(`outbox entry ${eventId} has lost its payload; it cannot be delivered and is dropped`);
        continue;
      }
      store.#entries.set(eventId, entryJson(eventId, snapshot));
      segments.locate(eventId, found.seq);
      entries.push({ eventId, snapshot });
    }
    // Written after the last commit that named its entries: accepted (or about to be) but not
    // yet named. Older segments' leftovers belong to finished entries and are not revived.
    const orphans: EntryPayload[] = [];
    for (const [eventId, found] of latest) {
      if (found.seq <= state.segment) continue;
      segments.locate(eventId, found.seq);
      store.#orphansPending.add(eventId);
      orphans.push(found.payload);
    }
    for (const [id, session] of state.sessions) store.#sessions.set(id, session);
    store.#delivery = state.delivery === null ? null : JSON.stringify(state.delivery);
    // A fresh checkpoint and an empty journal: replay stays short and a torn tail is gone.
    await store.#rewrite();
    await segments.delete(segments.takeUnneeded());
    return { store, entries, orphans, delivery: state.delivery };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** How many flushes (journal or checkpoint writes) have run. */
  get commits(): number {
    return this.#commit.flushes;
  }

  session(sessionId: string): SessionRecord | undefined {
    return this.#sessions.get(sessionId);
  }

  /** Stores a new entry; resolves once its payload and its snapshot are durable. */
  async add(
    payload: EntryPayload,
    snapshot: unknown,
    sessionId?: string,
    session: { permissionMode?: string | undefined } = {},
  ): Promise<void> {
    this.#segments.queue(payload);
    this.#setEntry(payload.eventId, entryJson(payload.eventId, snapshot));
    // A local agent's session is remembered so a reply can resume it; a tracker task has none.
    if (sessionId && payload.report.source !== 'tracker') {
      rememberSession(this.#sessions, sessionId, {
        cwd: payload.report.cwd,
        source: payload.report.source,
        lastReportAt: payload.occurredAt,
        ...(session.permissionMode ? { permissionMode: session.permissionMode } : {}),
      });
      this.#changes.session(sessionId);
    }
    await this.#commit.request();
  }

  /** Records a new machine snapshot of an existing entry. */
  async saveSnapshot(eventId: string, snapshot: unknown): Promise<void> {
    const current = this.#entries.get(eventId);
    const next = entryJson(eventId, snapshot);
    // Unchanged (a re-emitted snapshot): nothing to make durable, no write.
    if (current === undefined || current === next) return;
    this.#setEntry(eventId, next);
    await this.#commit.request();
  }

  readPayload(eventId: string): Promise<EntryPayload> {
    return this.#segments.read(eventId);
  }

  /**
   * Stores the brief beside the report (`payload` as read for generation); resolves once it is
   * durable, so that an entry is never recorded as generated while its brief could still be lost.
   */
  async saveBrief(payload: EntryPayload, brief: Brief): Promise<void> {
    if (!this.#entries.has(payload.eventId)) return;
    this.#segments.queue({ ...payload, brief });
    await this.#commit.request();
  }

  /** Records the delivery gate's state (a few dozen bytes, once per probe). */
  async saveDelivery(state: unknown): Promise<void> {
    const json = JSON.stringify(state);
    if (json === this.#delivery) return;
    this.#delivery = json;
    this.#changes.delivery();
    await this.#commit.request();
  }

  /** Forgets a finished entry; its segment goes once no other entry needs it. */
  async remove(eventId: string): Promise<void> {
    if (!this.#entries.delete(eventId)) return;
    this.#changes.entry(eventId);
    this.#orphansPending.delete(eventId);
    this.#segments.forget(eventId);
    await this.#commit.request();
  }

  /** Waits for every change made so far to be durable (used on shutdown). */
  async flush(): Promise<void> {
    await this.#commit.request();
  }

  /** Flushes, then closes the journal; the store is not used after this. */
  async close(): Promise<void> {
    await this.flush();
    this.#closed = true;
    await this.#log.close();
  }

  #setEntry(eventId: string, json: string): void {
    this.#entries.set(eventId, json);
    this.#changes.entry(eventId);
  }

  async #flush(): Promise<void> {
    if (this.#closed) throw new Error('the outbox is closed');
    await this.#segments.writeQueued((eventId) => this.#entries.has(eventId));
    // Only what the journal no longer names may go after this commit; an entry removed while it
    // is being written is still named.
    const deletable = this.#segments.takeUnneeded();
    try {
      if (this.#log.needsRewrite) await this.#rewrite();
      else await this.#append();
    } catch (error) {
      this.#segments.giveBack(deletable);
      throw error;
    }
    if (this.#log.outgrown(this.#compactMinBytes, COMPACT_RATIO)) {
      // What was just written is durable whatever happens here: a failure only defers it.
      await this.#log
        .compactInBackground((generation) => this.#checkpointText(generation))
        .catch((error: Error) =>
          this.#logger.warn(`could not start compacting the outbox journal (${error.message})`),
        );
    }
    await this.#segments.delete(deletable);
  }

  async #append(): Promise<void> {
    const changes = this.#changes.take(this.#view);
    if (changes.json === null) return;
    try {
      await this.#log.append(changes.json);
    } catch (error) {
      changes.restore();
      throw error;
    }
  }

  /** Folds every change into a new checkpoint, at once (at start, or after a failed write). */
  async #rewrite(): Promise<void> {
    await this.#log.settled();
    // Folded into the checkpoint: nothing of it needs a journal record.
    const changes = this.#changes.take(this.#view);
    try {
      await this.#log.rewrite((generation) => this.#checkpointText(generation));
    } catch (error) {
      changes.restore();
      throw error;
    }
  }

  /**
   * The outbox as it is now: every entry whose payload is durable, the sessions, the delivery
   * gate. Changes not yet in a journal stay pending: a background compaction that a crash cut
   * short leaves them to the journal of its generation.
   */
  #checkpointText(generation: number): string {
    const entries: string[] = [];
    for (const [eventId, json] of this.#entries) if (this.#segments.isDurable(eventId)) entries.push(json);
    return serializeCheckpoint({
      generation,
      segment: this.#claimedSegment(),
      entries,
      sessions: this.#sessions,
      delivery: this.#delivery,
    });
  }

  /** The newest segment whose payloads are all named or finished. */
  #claimedSegment(): number {
    return this.#orphansPending.size > 0 ? this.#knownSegment : this.#segments.lastSeq;
  }
}
