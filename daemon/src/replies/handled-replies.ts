import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DaemonToRelay } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';

export type ReplyResult = Extract<DaemonToRelay, { type: 'reply-result' }>;

interface HandledReply {
  /** When the agent was about to be started on the reply (written before the spawn). */
  startedAt?: string;
  /** How it went; absent while the agent is being started, or when the daemon died meanwhile. */
  result?: ReplyResult;
  /** The relay stored the result: no need to send it again. */
  acknowledged: boolean;
}

/** Results kept to answer a re-sent reply without resuming the agent twice. */
const MAX_REMEMBERED = 1000;

/** How the file is written: `writeFileAtomic` (mode 600), replaceable so tests can make it fail. */
export type WriteFile = (path: string, data: string) => Promise<void>;

/**
 * `replies.json` (mode 600): every reply this computer acted on. A reply is written down as
 * started before its agent is spawned, and with its result before that result is sent, so a
 * reply re-sent after a crash, a restart or a dropped link never runs the agent twice, and every
 * result reaches the relay eventually.
 */
export class HandledReplies {
  readonly #path: string;
  readonly #replies: Map<string, HandledReply>;
  readonly #write: WriteFile;
  /** Started before this process began and never finished: the daemon died in between. */
  readonly #interrupted: Set<string>;
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(path: string, replies: Map<string, HandledReply>, write: WriteFile) {
    this.#path = path;
    this.#replies = replies;
    this.#write = write;
    this.#interrupted = new Set(
      [...replies].filter(([, reply]) => reply.result === undefined).map(([replyId]) => replyId),
    );
  }

  static async open(
    dataDir: string,
    logger: Logger,
    write: WriteFile = (path, data) => writeFileAtomic(path, data),
  ): Promise<HandledReplies> {
    const path = join(dataDir, DATA_FILES.replies);
    let entries: [string, HandledReply][] = [];
    try {
      entries = JSON.parse(await readFile(path, 'utf8')).replies;
      if (!Array.isArray(entries)) throw new Error('no replies list');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        await quarantineFile(
          path,
          error,
          logger,
          'Replies the relay sends again may resume their agent a second time.',
        );
      }
      entries = [];
    }
    return new HandledReplies(path, new Map(entries.filter(isEntry)), write);
  }

  get(replyId: string): ReplyResult | undefined {
    return this.#replies.get(replyId)?.result;
  }

  /** Replies whose agent was being started when the daemon last stopped, without a result. */
  interrupted(): string[] {
    return [...this.#interrupted].filter((replyId) => this.#replies.get(replyId)?.result === undefined);
  }

  isInterrupted(replyId: string): boolean {
    return this.#interrupted.has(replyId) && this.#replies.get(replyId)?.result === undefined;
  }

  /** Results the relay has not acknowledged yet, to send again on reconnect. */
  unacknowledged(): ReplyResult[] {
    return [...this.#replies.values()].flatMap((reply) =>
      reply.result && !reply.acknowledged ? [reply.result] : [],
    );
  }

  /**
   * Makes it durable that the agent is about to be started on this reply. Rejects when that
   * cannot be written: the agent must then not be started, or a crash could run it twice.
   */
  async markStarted(replyId: string): Promise<void> {
    this.#replies.delete(replyId);
    this.#replies.set(replyId, { startedAt: new Date().toISOString(), acknowledged: false });
    this.#trim();
    try {
      await this.#save();
    } catch (error) {
      // Not durable, so not started: forget it, or the next save would claim otherwise.
      this.#replies.delete(replyId);
      throw error;
    }
  }

  async record(result: ReplyResult): Promise<void> {
    const startedAt = this.#replies.get(result.replyId)?.startedAt;
    this.#replies.delete(result.replyId);
    this.#replies.set(result.replyId, {
      ...(startedAt === undefined ? {} : { startedAt }),
      result,
      acknowledged: false,
    });
    this.#trim();
    await this.#save();
  }

  async acknowledge(replyId: string): Promise<void> {
    const reply = this.#replies.get(replyId);
    if (!reply?.result || reply.acknowledged) return;
    reply.acknowledged = true;
    await this.#save();
  }

  #trim(): void {
    while (this.#replies.size > MAX_REMEMBERED) {
      const oldest = this.#replies.keys().next().value;
      if (oldest === undefined) break;
      this.#replies.delete(oldest);
    }
  }

  #save(): Promise<void> {
    const next = this.#writing.then(() =>
      this.#write(this.#path, JSON.stringify({ version: 2, replies: [...this.#replies] })),
    );
    this.#writing = next.catch(() => undefined);
    return next;
  }
}

/** An entry of version 1 (result only) or 2 (started, then result). */
function isEntry(entry: unknown): entry is [string, HandledReply] {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return false;
  const reply = entry[1] as Partial<HandledReply> | null;
  return (
    typeof reply === 'object' &&
    reply !== null &&
    (typeof reply.startedAt === 'string' || typeof reply.result === 'object')
  );
}
