import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PermissionBehavior } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';

/** The decision handed to a call's hook: enough to answer its reply again the same way. */
export interface RecordedDecision {
  replyId: string;
  behavior: PermissionBehavior;
  deviceName: string;
  decidedAt: number;
}

/** What is kept of one permission call: enough to tell its decisions apart, nothing it asked. */
export interface PermissionRecord {
  requestId: string;
  /** When its hook stops waiting (ISO time). */
  expiresAt: string;
  /** A decision reached its hook. */
  decided: boolean;
  /** The relay ended the call at the computer (or had nothing left to end): not to be ended again. */
  ended?: boolean;
  /** Which one (absent in records written before it was kept, and for undecided calls). */
  decision?: RecordedDecision;
}

/** Calls kept: far more than can wait at once, so a decision days late is still known for one. */
const MAX_RECORDS = 500;

export type WriteFile = (path: string, data: string) => Promise<void>;

/**
 * `permissions.json` (mode 600): the recent permission calls this computer posted, by event id.
 * A decision that arrives after the daemon restarted (its hook long gone) is then answered "too
 * late" instead of being opened as a reply to an agent, and the decision a hook was handed is
 * written before the hook gets it, so its reply sent again after a crash is answered delivered,
 * as it was. Bounded, oldest dropped first; written atomically. No command, path or message (a
 * deny's words) is ever written here: only the behaviour and the deciding device's name.
 */
export class PermissionRecords {
  readonly #path: string;
  readonly #records: Map<string, PermissionRecord>;
  readonly #write: WriteFile;
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(path: string, records: Map<string, PermissionRecord>, write: WriteFile) {
    this.#path = path;
    this.#records = records;
    this.#write = write;
  }

  static async open(
    dataDir: string,
    logger: Logger,
    write: WriteFile = (path, data) => writeFileAtomic(path, data),
  ): Promise<PermissionRecords> {
    const path = join(dataDir, DATA_FILES.permissions);
    let entries: unknown[] = [];
    try {
      const parsed = JSON.parse(await readFile(path, 'utf8')) as { calls?: unknown };
      if (!Array.isArray(parsed.calls)) throw new Error('no calls list');
      entries = parsed.calls;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        await quarantineFile(
          path,
          error,
          logger,
          'A decision for a permission call made before this start will not be recognised as one.',
        );
      }
    }
    return new PermissionRecords(path, new Map(entries.filter(isEntry)), write);
  }

  get(eventId: string): PermissionRecord | undefined {
    return this.#records.get(eventId);
  }

  /** Adds a call; durable when it resolves. */
  add(eventId: string, record: PermissionRecord): Promise<void> {
    this.#records.delete(eventId);
    this.#records.set(eventId, record);
    while (this.#records.size > MAX_RECORDS) {
      const oldest = this.#records.keys().next().value;
      if (oldest === undefined) break;
      this.#records.delete(oldest);
    }
    return this.#save();
  }

  /**
   * Notes the decision for the call's hook, before the hook is answered: a later decision is
   * "already decided", and this one's reply, sent again after a restart, is delivered again.
   * The note is in memory at once (a decision meanwhile sees it); durable when it resolves.
   */
  noteDecision(eventId: string, decision: RecordedDecision): Promise<void> {
    const record = this.#records.get(eventId);
    if (!record || record.decided) return Promise.resolve();
    record.decided = true;
    record.decision = decision;
    return this.#save();
  }

  /** Takes a noted decision back: its hook went away before it could be handed over. */
  forgetDecision(eventId: string): Promise<void> {
    const record = this.#records.get(eventId);
    if (!record?.decided) return Promise.resolve();
    record.decided = false;
    delete record.decision;
    return this.#save();
  }

  /** Notes that the call no longer rings anywhere: a start after a crash leaves it be. */
  markEnded(eventId: string): Promise<void> {
    const record = this.#records.get(eventId);
    if (!record || record.ended) return Promise.resolve();
    record.ended = true;
    return this.#save();
  }

  /**
   * The calls that may still ring with no hook behind them: not decided, not ended, not expired
   * at `now`. Read at start, these are the calls whose hooks died with the previous process.
   */
  unsettled(now: number): [string, PermissionRecord][] {
    return [...this.#records].filter(
      ([, record]) => !record.decided && !record.ended && Date.parse(record.expiresAt) > now,
    );
  }

  /** Every write waits for the one before, so the file never goes back to an older list. */
  #save(): Promise<void> {
    const next = this.#writing.then(() =>
      this.#write(this.#path, JSON.stringify({ version: 1, calls: [...this.#records] })),
    );
    this.#writing = next.catch(() => undefined);
    return next;
  }
}

function isEntry(entry: unknown): entry is [string, PermissionRecord] {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return false;
  const record = entry[1] as Partial<PermissionRecord> | null;
  return (
    typeof record === 'object' &&
    record !== null &&
    typeof record.requestId === 'string' &&
    typeof record.expiresAt === 'string' &&
    typeof record.decided === 'boolean' &&
    (record.ended === undefined || typeof record.ended === 'boolean') &&
    (record.decision === undefined || isDecision(record.decision))
  );
}

function isDecision(decision: unknown): decision is RecordedDecision {
  const fields = decision as Partial<RecordedDecision> | null;
  return (
    typeof fields === 'object' &&
    fields !== null &&
    typeof fields.replyId === 'string' &&
    (fields.behavior === 'allow' || fields.behavior === 'deny') &&
    typeof fields.deviceName === 'string' &&
    typeof fields.decidedAt === 'number'
  );
}
