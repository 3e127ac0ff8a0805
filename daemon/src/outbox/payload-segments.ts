import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log/logger';
import { PRIVATE_FILE_MODE, syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';
import type { EntryPayload } from './entry-payload';
import {
  groupIntoSegments,
  parseSegment,
  segmentFileName,
  seqOfSegmentFile,
  serializeSegment,
} from './payload-segment';
import { SegmentCache } from './segment-cache';

/** An entry's latest payload version found on disk, and the segment holding it. */
export interface FoundPayload {
  seq: number;
  payload: EntryPayload;
}

/**
 * The payload files of the outbox, `outbox/segment-<seq>.json`: each write puts every payload
 * version queued since the last one (report text, later with its brief) into new segments with
 * one folder fsync, and a later segment's version of an entry replaces an earlier one's. Knows
 * which segment holds each entry's latest durable version, so that a segment is deleted once no
 * unfinished entry needs it.
 */
export class PayloadSegments {
  readonly #dir: string;
  /** Payload versions waiting for the next write (the latest per entry). */
  #queued = new Map<string, EntryPayload>();
  /** Versions the running write is writing; read from memory until they are durable. */
  #writing = new Map<string, EntryPayload>();
  /** The segment holding each entry's latest durable payload version. */
  readonly #location = new Map<string, number>();
  /** How many entries' latest version each segment holds. */
  readonly #refs = new Map<number, number>();
  /** Segments no entry needs any more, deleted once the outbox no longer names their entries. */
  readonly #unneeded = new Set<number>();
  #lastSeq = 0;
  /** Recently written or read segments, parsed: a burst's entries are generated and delivered soon after. */
  readonly #cache = new SegmentCache();

  private constructor(dir: string) {
    this.#dir = dir;
  }

  /**
   * Reads every segment: each entry's latest version, with crash leftovers cleared and an
   * unreadable segment moved aside. Every segment starts unneeded until `locate` claims it.
   */
  static async load(
    dir: string,
    logger: Logger,
  ): Promise<{ segments: PayloadSegments; latest: Map<string, FoundPayload> }> {
    const segments = new PayloadSegments(dir);
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const latest = new Map<string, FoundPayload>();
    for (const name of await readdir(dir)) {
      const seq = seqOfSegmentFile(name);
      const path = join(dir, name);
      if (seq === null) {
        // Temp files of writes a crash interrupted.
        if (name.endsWith('.tmp')) await rm(path, { force: true });
        continue;
      }
      segments.#lastSeq = Math.max(segments.#lastSeq, seq);
      try {
        for (const payload of parseSegment(await readFile(path, 'utf8'))) {
          const known = latest.get(payload.eventId);
          if (!known || known.seq < seq) latest.set(payload.eventId, { seq, payload });
        }
        segments.#unneeded.add(seq);
      } catch (error) {
        await quarantineFile(
          path,
          error,
          logger,
          'Reports whose latest version was in it cannot be delivered.',
        );
      }
    }
    return { segments, latest };
  }

  /** The newest segment number written (or found at start). */
  get lastSeq(): number {
    return this.#lastSeq;
  }

  get hasQueued(): boolean {
    return this.#queued.size > 0;
  }

  /** Queues a payload version for the next write; it replaces any version queued before. */
  queue(payload: EntryPayload): void {
    this.#queued.set(payload.eventId, payload);
  }

  /** An entry found on disk at start: its latest version lives in segment `seq`. */
  locate(eventId: string, seq: number): void {
    this.#unlocate(eventId);
    this.#location.set(eventId, seq);
    this.#refs.set(seq, (this.#refs.get(seq) ?? 0) + 1);
    this.#unneeded.delete(seq);
  }

  /** Whether some version of the entry's payload is durable. */
  isDurable(eventId: string): boolean {
    return this.#location.has(eventId);
  }

  /** A finished entry: nothing of it needs writing or keeping. */
  forget(eventId: string): void {
    this.#queued.delete(eventId);
    this.#unlocate(eventId);
  }

  async read(eventId: string): Promise<EntryPayload> {
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
   * Writes the queued versions as new segments (temp, fsync, rename each; the folder fsynced
   * once for all). `isLive` says whether an entry still exists once its version is durable.
   */
  async writeQueued(isLive: (eventId: string) => boolean): Promise<void> {
    if (this.#queued.size === 0) return;
    const versions = this.#queued;
    this.#queued = new Map();
    this.#writing = versions;
    const written: [number, string[]][] = [];
    try {
      const items = [...versions].map(([id, payload]) => ({ id, json: JSON.stringify(payload) }));
      for (const group of groupIntoSegments(items)) {
        const seq = this.#lastSeq + 1;
        const text = serializeSegment(group.map((item) => item.json));
        await writeFileAtomic(join(this.#dir, segmentFileName(seq)), text, PRIVATE_FILE_MODE, {
          syncDirectory: false,
        });
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
        // An entry finished while its version was being written needs no location.
        for (const id of ids) if (isLive(id)) this.locate(id, seq);
      }
    } catch (error) {
      // Not durable: queue again under anything newer; segments written before the failure
      // name nothing and go with the next commit.
      for (const [seq] of written) this.#unneeded.add(seq);
      for (const [id, payload] of versions)
        if (!this.#queued.has(id) && isLive(id)) this.#queued.set(id, payload);
      throw error;
    } finally {
      this.#writing = new Map();
    }
  }

  /** Segments no entry needs; the caller deletes them once that is durable, or gives them back. */
  takeUnneeded(): number[] {
    const unneeded = [...this.#unneeded];
    this.#unneeded.clear();
    return unneeded;
  }

  /** Segments taken for a commit that failed: deleted after a later one. */
  giveBack(seqs: number[]): void {
    for (const seq of seqs) if (!this.#refs.has(seq)) this.#unneeded.add(seq);
  }

  async delete(seqs: number[]): Promise<void> {
    for (const seq of seqs) this.#cache.delete(seq);
    await Promise.all(seqs.map((seq) => rm(join(this.#dir, segmentFileName(seq)), { force: true })));
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
}
