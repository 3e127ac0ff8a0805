import { readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import type { DaemonToRelay } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';

type ReplyResult = Extract<DaemonToRelay, { type: 'reply-result' }>;

interface HandledReply {
  result: ReplyResult;
  /** The relay stored the result: no need to send it again. */
  acknowledged: boolean;
}

/** Results kept to answer a re-sent reply without resuming the agent twice. */
const MAX_REMEMBERED = 1000;

/**
 * `replies.json` (mode 600): every reply this computer acted on and its result, written before
 * the result is sent, so a reply re-sent after a crash or a dropped link never runs twice and
 * every result reaches the relay eventually.
 */
export class HandledReplies {
  readonly #path: string;
  readonly #replies: Map<string, HandledReply>;
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(path: string, replies: Map<string, HandledReply>) {
    this.#path = path;
    this.#replies = replies;
  }

  static async open(dataDir: string, logger: Logger): Promise<HandledReplies> {
    const path = join(dataDir, DATA_FILES.replies);
    let entries: [string, HandledReply][] = [];
    try {
      entries = JSON.parse(await readFile(path, 'utf8')).replies;
      if (!Array.isArray(entries)) throw new Error('no replies list');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        const aside = `${path}.corrupt-${Date.now()}`;
        await rename(path, aside).catch(() => undefined);
        logger.error(`replies.json could not be read (${(error as Error).message}); moved it to ${aside}`);
      }
      entries = [];
    }
    return new HandledReplies(path, new Map(entries));
  }

  get(replyId: string): ReplyResult | undefined {
    return this.#replies.get(replyId)?.result;
  }

  /** Results the relay has not acknowledged yet, to send again on reconnect. */
  unacknowledged(): ReplyResult[] {
    return [...this.#replies.values()].filter((reply) => !reply.acknowledged).map((reply) => reply.result);
  }

  async record(result: ReplyResult): Promise<void> {
    this.#replies.delete(result.replyId);
    this.#replies.set(result.replyId, { result, acknowledged: false });
    while (this.#replies.size > MAX_REMEMBERED) {
      const oldest = this.#replies.keys().next().value;
      if (oldest === undefined) break;
      this.#replies.delete(oldest);
    }
    await this.#save();
  }

  async acknowledge(replyId: string): Promise<void> {
    const reply = this.#replies.get(replyId);
    if (!reply || reply.acknowledged) return;
    reply.acknowledged = true;
    await this.#save();
  }

  #save(): Promise<void> {
    const next = this.#writing.then(() =>
      writeFileAtomic(this.#path, JSON.stringify({ version: 1, replies: [...this.#replies] })),
    );
    this.#writing = next.catch(() => undefined);
    return next;
  }
}
