import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AgentSource, Brief } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { type EntryPayload, eventIdOfPayloadFile, parseEntryPayload, payloadFileName } from './entry-payload';
import { GroupCommit } from './group-commit';

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
  entries: StoredEntry[];
  sessions: [string, SessionRecord][];
}

export interface OpenedOutbox {
  store: OutboxStore;
  /** Unfinished entries named in outbox.json whose payload file exists. */
  entries: StoredEntry[];
  /** Payload files outbox.json does not name (a crash between the two writes, or a salvaged outbox). */
  orphans: EntryPayload[];
}

function entryJson(eventId: string, snapshot: unknown): string {
  return JSON.stringify({ eventId, snapshot });
}

/**
 * The durable outbox: `outbox.json` (small snapshots + session → cwd map, mode 600) and one
 * payload file per entry. A payload is durable before the `outbox.json` that names it, and
 * concurrent changes share one `outbox.json` write.
 */
export class OutboxStore {
  readonly #file: string;
  readonly #entriesDir: string;
  /** Each entry's `{eventId, snapshot}` already serialised: a flush joins strings, not objects. */
  readonly #entries = new Map<string, string>();
  readonly #sessions = new Map<string, SessionRecord>();
  #sessionsJson: string | null = null;
  /** Payload files renamed into place since the entries folder was last fsynced. */
  #unsyncedRenames = false;
  #tempCounter = 0;
  readonly #commit: GroupCommit;

  private constructor(dataDir: string) {
    this.#file = join(dataDir, DATA_FILES.outbox);
    this.#entriesDir = join(dataDir, DATA_FILES.outboxEntries);
    this.#commit = new GroupCommit(() => this.#flush());
  }

  static async open(dataDir: string, logger: Logger): Promise<OpenedOutbox> {
    const store = new OutboxStore(dataDir);
    await mkdir(store.#entriesDir, { recursive: true, mode: 0o700 });
    const document = await store.#readDocument(logger);
    const payloads = await store.#readPayloads(logger);
    const entries: StoredEntry[] = [];
    for (const entry of document.entries) {
      if (!payloads.delete(entry.eventId)) {
        logger.error(
          `outbox entry ${entry.eventId} has lost its payload file; it cannot be delivered and is dropped`,
        );
        continue;
      }
      store.#setEntry(entry.eventId, entry.snapshot);
      entries.push(entry);
    }
    for (const [id, session] of document.sessions) store.#sessions.set(id, session);
    return { store, entries, orphans: [...payloads.values()] };
  }

  get size(): number {
    return this.#entries.size;
  }

  /** How many `outbox.json` writes have run. */
  get commits(): number {
    return this.#commit.flushes;
  }

  session(sessionId: string): SessionRecord | undefined {
    return this.#sessions.get(sessionId);
  }

  /** Stores a new entry; resolves once both its payload and its place in outbox.json are durable. */
  async add(payload: EntryPayload, snapshot: unknown, sessionId?: string): Promise<void> {
    await this.#writePayloadFile(payload);
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
    return parseEntryPayload(await readFile(join(this.#entriesDir, payloadFileName(eventId)), 'utf8'));
  }

  /**
   * Stores the brief beside the report (`payload` as read for generation) before the entry
   * may move on to `generated`. The rename becomes durable with the flush that records
   * `generated`; a crash before it leaves either payload version, and outbox.json still says
   * to generate.
   */
  async saveBrief(payload: EntryPayload, brief: Brief): Promise<void> {
    await this.#writePayloadFile({ ...payload, brief });
  }

  /** Forgets a finished entry: first from outbox.json, then its payload file. */
  async remove(eventId: string): Promise<void> {
    if (!this.#entries.delete(eventId)) return;
    await this.#commit.request();
    await rm(join(this.#entriesDir, payloadFileName(eventId)), { force: true });
  }

  /** Waits for every change made so far to be durable (used on shutdown). */
  async flush(): Promise<void> {
    await this.#commit.request();
  }

  #setEntry(eventId: string, snapshot: unknown): void {
    this.#entries.set(eventId, entryJson(eventId, snapshot));
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

  /** Payload files are renamed into place without a directory fsync; the next flush makes them durable. */
  async #writePayloadFile(payload: EntryPayload): Promise<void> {
    const target = join(this.#entriesDir, payloadFileName(payload.eventId));
    // Unique within the process, which alone writes this folder; no random bytes needed.
    const temp = `${target}.${++this.#tempCounter}.tmp`;
    const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(JSON.stringify(payload));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, target);
    this.#unsyncedRenames = true;
  }

  async #flush(): Promise<void> {
    this.#sessionsJson ??= JSON.stringify([...this.#sessions]);
    // The OutboxDocument layout, assembled from cached pieces.
    const document = `{"version":1,"entries":[${[...this.#entries.values()].join(',')}],"sessions":${this.#sessionsJson}}`;
    // Payload renames done before this flush began become durable before outbox.json names them.
    if (this.#unsyncedRenames) {
      this.#unsyncedRenames = false;
      try {
        await syncDirectory(this.#entriesDir);
      } catch (error) {
        this.#unsyncedRenames = true;
        throw error;
      }
    }
    await writeFileAtomic(this.#file, document);
  }

  async #readDocument(logger: Logger): Promise<OutboxDocument> {
    let text: string;
    try {
      text = await readFile(this.#file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { version: 1, entries: [], sessions: [] };
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
      return { version: 1, entries, sessions };
    } catch (error) {
      const aside = `${this.#file}.corrupt-${Date.now()}`;
      await rename(this.#file, aside);
      logger.error(
        `outbox.json could not be parsed (${(error as Error).message}); moved it to ${aside}. ` +
          'Every report is recovered from its payload file in outbox/.',
      );
      return { version: 1, entries: [], sessions: [] };
    }
  }

  async #readPayloads(logger: Logger): Promise<Map<string, EntryPayload>> {
    const payloads = new Map<string, EntryPayload>();
    for (const name of await readdir(this.#entriesDir)) {
      const eventId = eventIdOfPayloadFile(name);
      const path = join(this.#entriesDir, name);
      if (!eventId) {
        // Temp files of writes a crash interrupted.
        if (name.endsWith('.tmp')) await rm(path, { force: true });
        continue;
      }
      try {
        payloads.set(eventId, parseEntryPayload(await readFile(path, 'utf8')));
      } catch (error) {
        const aside = `${path}.corrupt-${Date.now()}`;
        await rename(path, aside);
        logger.error(
          `outbox payload ${name} is unreadable (${(error as Error).message}); moved it to ${aside}`,
        );
      }
    }
    return payloads;
  }
}
