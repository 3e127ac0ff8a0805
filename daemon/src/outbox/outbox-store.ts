import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentSource, Brief } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import type { EntryPayload } from './entry-payload';
import { GroupCommit } from './group-commit';
import {
  groupIntoSegments,
  parseSegment,
  segmentFileName,
  seqOfSegmentFile,
  serializeSegment,
} from './payload-segment';
import { SegmentCache } from './segment-cache';

/** Sessions remembered for resuming agents after a reply; the oldest are forgotten first. */
export const MAX_REMEMBERED_SESSIONS = 1000;

export interface SessionRecord {
  cwd: string;
  source: AgentSource;
  lastReportAt: string;
}

export interface StoredEntry {
  eventId: string;
  /** The entry machine's persisted snapshot, opaque to the store. */
  snapshot: unknown;
}

interface OutboxDocument {
  version: 1;
  /** Every segment up to this number was durable when this outbox.json was written. */
  segment: number;
  entries: StoredEntry[];
  sessions: [string, SessionRecord][];
}

export interface OpenedOutbox {
  store: OutboxStore;
  /** Unfinished entries named in outbox.json whose payload exists. */
  entries: StoredEntry[];
  /** Payloads outbox.json does not name yet (a crash between the two writes, or a salvaged outbox). */
  orphans: EntryPayload[];
}

function entryJson(eventId: string, snapshot: unknown): string {
  return JSON.stringify({ eventId, snapshot });
}

/**
 * The durable outbox: `outbox.json` (small snapshots + session → cwd map, mode 600) and the
 * payloads (report text, later with its brief) in `outbox/segment-*.json`.
 *
 * Every change waits for one shared flush (group commit): the payload versions queued since
 * the last flush go into one new segment file (one fsync for all reports that arrived
 * together), then `outbox.json` is rewritten atomically naming them. A segment is deleted
 * once no unfinished entry's latest version lives in it.
 */
export class OutboxStore {
  readonly #file: string;
  readonly #dir: string;
  readonly #commit: GroupCommit;
  /** Each entry's `{eventId, snapshot}` already serialised: a flush joins strings, not objects. */
  readonly #entries = new Map<string, string>();
  readonly #sessions = new Map<string, SessionRecord>();
  #sessionsJson: string | null = null;
  /** Payload versions waiting for the next flush (the latest per entry). */
  #queued = new Map<string, EntryPayload>();
  /** Versions the running flush is writing; read from memory until they are durable. */
  #writing = new Map<string, EntryPayload>();
  /** The segment holding each entry's latest durable payload version. */
  readonly #location = new Map<string, number>();
  /** How many entries' latest version each segment holds. */
  readonly #refs = new Map<number, number>();
  /** Segments no entry needs any more, deleted once outbox.json says so. */
  readonly #unneeded = new Set<number>();
  #lastSeq = 0;
  #tempCounter = 0;
  /** Recently written or read segments, parsed: a burst's entries are generated and delivered soon after. */
  readonly #cache = new SegmentCache();

  private constructor(dataDir: string) {
    this.#file = join(dataDir, DATA_FILES.outbox);
    this.#dir = join(dataDir, DATA_FILES.outboxEntries);
    this.#commit = new GroupCommit(() => this.#flush());
  }

  static async open(dataDir: string, logger: Logger): Promise<OpenedOutbox> {
    const store = new OutboxStore(dataDir);
    await mkdir(store.#dir, { recursive: true, mode: 0o700 });
    const document = await store.#readDocument(logger);
    const latest = await store.#readSegments(logger);
    store.#lastSeq = Math.max(store.#lastSeq, document.segment);

    const entries: StoredEntry[] = [];
    for (const entry of document.entries) {
      const found = latest.get(entry.eventId);
      latest.delete(entry.eventId);
      if (!found) {
        logger.error(
          `outbox entry ${entry.eventId} has lost its payload; it cannot be delivered and is dropped`,
        );
        continue;
      }
      store.#setEntry(entry.eventId, entry.snapshot);
      store.#locate(entry.eventId, found.seq);
      entries.push(entry);
    }
    // Written after the last outbox.json: accepted (or about to be) but not yet named. Older
    // segments' leftovers belong to finished entries and are not revived.
    const orphans: EntryPayload[] = [];
    for (const [eventId, found] of latest) {
      if (found.seq <= document.segment) continue;
      store.#locate(eventId, found.seq);
      orphans.push(found.payload);
    }
    for (const [id, session] of document.sessions) store.#sessions.set(id, session);
    await store.#deleteSegments(store.#takeUnneeded());
    return { store, entries, orphans };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** How many flushes (`outbox.json` writes) have run. */
  get commits(): number {
    return this.#commit.flushes;
  }

  session(sessionId: string): SessionRecord | undefined {
    return this.#sessions.get(sessionId);
  }

  /** Stores a new entry; resolves once its payload and its place in outbox.json are durable. */
  async add(payload: EntryPayload, snapshot: unknown, sessionId?: string): Promise<void> {
    this.#queued.set(payload.eventId, payload);
    this.#setEntry(payload.eventId, snapshot);
    if (sessionId) this.#rememberSession(sessionId, payload);
    await this.#commit.request();
  }

  /** Records a new machine snapshot of an existing entry. */
  async saveSnapshot(eventId: string, snapshot: unknown): Promise<void> {
    const current = this.#entries.get(eventId);
    const next = entryJson(eventId, snapshot);
    // Unchanged (a re-emitted snapshot): nothing to make durable, no write.
    if (current === undefined || current === next) return;
    this.#entries.set(eventId, next);
    await this.#commit.request();
  }

  async readPayload(eventId: string): Promise<EntryPayload> {
    const pending = this.#queued.get(eventId) ?? this.#writing.get(eventId);
    if (pending) return pending;
    const seq = this.#location.get(eventId);
    if (seq === undefined) throw new Error(`no payload for outbox entry ${eventId}`);
    let payloads = this.#cache.get(seq);
    if (!payloads) {
      const text = await readFile(join(this.#dir, segmentFileName(seq)), 'utf8');
      payloads = new Map(parseSegment(text).map((payload) => [payload.eventId, payload]));
      this.#cache.set(seq, payloads, text.length);
    }
    const payload = payloads.get(eventId);
    if (!payload) throw new Error(`segment ${seq} lacks outbox entry ${eventId}`);
    return payload;
  }

  /**
   * Queues the brief beside the report (`payload` as read for generation). It becomes durable
   * with the next flush, which the entry's move to `generated` requests; a crash before that
   * loses only the brief, and outbox.json still says to generate it.
   */
  saveBrief(payload: EntryPayload, brief: Brief): void {
    if (this.#entries.has(payload.eventId)) this.#queued.set(payload.eventId, { ...payload, brief });
  }

  /** Forgets a finished entry; its segment goes once no other entry needs it. */
  async remove(eventId: string): Promise<void> {
    if (!this.#entries.delete(eventId)) return;
    this.#queued.delete(eventId);
    this.#unlocate(eventId);
    await this.#commit.request();
  }

  /** Waits for every change made so far to be durable (used on shutdown). */
  async flush(): Promise<void> {
    await this.#commit.request();
  }

  #setEntry(eventId: string, snapshot: unknown): void {
    this.#entries.set(eventId, entryJson(eventId, snapshot));
  }

  #locate(eventId: string, seq: number): void {
    this.#unlocate(eventId);
    this.#location.set(eventId, seq);
    this.#refs.set(seq, (this.#refs.get(seq) ?? 0) + 1);
    this.#unneeded.delete(seq);
  }

  #unlocate(eventId: string): void {
    const seq = this.#location.get(eventId);
    if (seq === undefined) return;
    this.#location.delete(eventId);
    const refs = (this.#refs.get(seq) ?? 1) - 1;
    if (refs > 0) {
      this.#refs.set(seq, refs);
    } else {
      this.#refs.delete(seq);
      this.#unneeded.add(seq);
    }
  }

  #rememberSession(sessionId: string, payload: EntryPayload): void {
    this.#sessionsJson = null;
    this.#sessions.delete(sessionId);
    this.#sessions.set(sessionId, {
      cwd: payload.report.cwd,
      source: payload.source,
      lastReportAt: payload.occurredAt,
    });
    if (this.#sessions.size > MAX_REMEMBERED_SESSIONS) {
      const oldest = this.#sessions.keys().next().value;
      if (oldest !== undefined) this.#sessions.delete(oldest);
    }
  }

  async #flush(): Promise<void> {
    if (this.#queued.size > 0) await this.#writeQueuedVersions();
    // Only what this outbox.json no longer names may go after it is written; an entry removed
    // while it is being written is still named in it.
    const deletable = this.#takeUnneeded();
    this.#sessionsJson ??= JSON.stringify([...this.#sessions]);
    // The OutboxDocument layout, assembled from cached pieces.
    const document =
      `{"version":1,"segment":${this.#lastSeq},"entries":[${[...this.#entries.values()].join(',')}],` +
      `"sessions":${this.#sessionsJson}}`;
    await writeFileAtomic(this.#file, document);
    await this.#deleteSegments(deletable);
  }

  /** Writes the queued payload versions as new segments, durable before outbox.json names them. */
  async #writeQueuedVersions(): Promise<void> {
    const versions = this.#queued;
    this.#queued = new Map();
    this.#writing = versions;
    try {
      const items = [...versions].map(([id, payload]) => ({ id, json: JSON.stringify(payload) }));
      const written: [number, string[]][] = [];
      for (const group of groupIntoSegments(items)) {
        const seq = this.#lastSeq + 1;
        const text = serializeSegment(group.map((item) => item.json));
        await this.#writeSegment(seq, text);
        this.#lastSeq = seq;
        this.#cache.set(
          seq,
          new Map(group.map((item) => [item.id, versions.get(item.id) as EntryPayload])),
          text.length,
        );
        written.push([seq, group.map((item) => item.id)]);
      }
      await syncDirectory(this.#dir);
      for (const [seq, ids] of written) {
        this.#unneeded.add(seq);
        // An entry removed while its version was being written needs no location.
        for (const id of ids) if (this.#entries.has(id)) this.#locate(id, seq);
      }
    } catch (error) {
      // Not durable: queue again under anything newer.
      for (const [id, payload] of versions)
        if (!this.#queued.has(id) && this.#entries.has(id)) this.#queued.set(id, payload);
      throw error;
    } finally {
      this.#writing = new Map();
    }
  }

  /** A segment file: temp, fsync, rename; the caller fsyncs the folder once for all. */
  async #writeSegment(seq: number, text: string): Promise<void> {
    const target = join(this.#dir, segmentFileName(seq));
    // Unique within the process, which alone writes this folder.
    const temp = `${target}.${++this.#tempCounter}.tmp`;
    const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
  }

  #takeUnneeded(): number[] {
    const unneeded = [...this.#unneeded];
    this.#unneeded.clear();
    return unneeded;
  }

  async #deleteSegments(seqs: number[]): Promise<void> {
    for (const seq of seqs) this.#cache.delete(seq);
    await Promise.all(seqs.map((seq) => rm(join(this.#dir, segmentFileName(seq)), { force: true })));
  }

  async #readDocument(logger: Logger): Promise<OutboxDocument> {
    const empty: OutboxDocument = { version: 1, segment: 0, entries: [], sessions: [] };
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty;
      throw error;
    }
    try {
      const document = JSON.parse(text) as OutboxDocument;
      if (document?.version !== 1 || !Array.isArray(document.entries))
        throw new Error('unknown outbox format');
      const entries = document.entries.filter(
        (entry): entry is StoredEntry => typeof entry?.eventId === 'string' && entry.snapshot !== undefined,
      );
      const sessions = Array.isArray(document.sessions) ? document.sessions : [];
      const segment = Number.isInteger(document.segment) ? document.segment : 0;
      return { version: 1, segment, entries, sessions };
    } catch (error) {
      const aside = `${this.#file}.corrupt-${Date.now()}`;
      await rename(this.#file, aside);
      logger.error(
        `outbox.json could not be parsed (${(error as Error).message}); moved it to ${aside}. ` +
          'Every report is recovered from its payload in outbox/.',
      );
      return empty;
    }
  }

  /** Each entry's latest payload version across all segments; crash leftovers cleared. */
  async #readSegments(logger: Logger): Promise<Map<string, { seq: number; payload: EntryPayload }>> {
    const latest = new Map<string, { seq: number; payload: EntryPayload }>();
    for (const name of await readdir(this.#dir)) {
      const seq = seqOfSegmentFile(name);
      const path = join(this.#dir, name);
      if (seq === null) {
        // Temp files of writes a crash interrupted.
        if (name.endsWith('.tmp')) await rm(path, { force: true });
        continue;
      }
      this.#lastSeq = Math.max(this.#lastSeq, seq);
      // Deleted below unless an entry's latest version lives in it.
      this.#unneeded.add(seq);
      try {
        for (const payload of parseSegment(await readFile(path, 'utf8'))) {
          const known = latest.get(payload.eventId);
          if (!known || known.seq < seq) latest.set(payload.eventId, { seq, payload });
        }
      } catch (error) {
        this.#unneeded.delete(seq);
        const aside = `${path}.corrupt-${Date.now()}`;
        await rename(path, aside);
        logger.error(
          `outbox segment ${name} is unreadable (${(error as Error).message}); moved it to ${aside}`,
        );
      }
    }
    return latest;
  }
}
