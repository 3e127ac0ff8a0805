import type { Logger } from '../log/logger';
import {
  failedReply,
  handleReply,
  type ReplyDeps,
  type ResumableSession,
  undecryptable,
} from './handle-reply';
import type { HandledReplies, ReplyResult } from './handled-replies';
import type { ResumeRequest } from './resume-agent';

export interface ReplyInboxDeps {
  handled: HandledReplies;
  /** The e2e key in force, or null when none is set. */
  key(): string | null;
  session(sessionId: string): ResumableSession | undefined;
  resume(request: ResumeRequest): Promise<void>;
  comment: ReplyDeps['comment'];
  logger: Logger;
  /**
   * Permission calls: a reply to one of them is its decision, for the waiting hook, and is
   * never opened as a reply to an agent.
   */
  permissions?: {
    owns(eventId: string): boolean;
    decide(message: { replyId: string; eventId: string; sealed: string }): Promise<ReplyResult>;
  };
}

const MAY_HAVE_RUN_REASON =
  'The agent may already have acted on this reply: this computer stopped while it was starting ' +
  'the agent, before it could tell how that went. It was not started again; look at the session ' +
  'before sending the same words again.';

/**
 * Every reply the relay hands over, taken once: a reply seen before gets its recorded result,
 * one being handled gets nothing more, and one whose agent was being started when the daemon
 * last stopped is answered "may have run" and never started again. Never throws: a disk error
 * is logged and the answer still goes out.
 */
export class ReplyInbox {
  readonly #deps: ReplyInboxDeps;
  /** Replies being handled now: a re-send while it runs must not start a second agent. */
  readonly #inFlight = new Set<string>();

  constructor(deps: ReplyInboxDeps) {
    this.#deps = deps;
  }

  /** The result to send for a reply, or null when it is already being handled. */
  async receive(message: { replyId: string; eventId: string; sealed: string }): Promise<ReplyResult | null> {
    const { handled } = this.#deps;
    const known = handled.get(message.replyId);
    if (known) return known;
    if (this.#inFlight.has(message.replyId)) return null;
    this.#inFlight.add(message.replyId);
    try {
      const permissions = this.#deps.permissions;
      const result = permissions?.owns(message.eventId)
        ? await permissions.decide(message)
        : handled.isInterrupted(message.replyId)
          ? await this.#mayHaveRun(message.replyId)
          : await handleReply(message, {
              key: this.#deps.key,
              session: this.#deps.session,
              markStarted: () => handled.markStarted(message.replyId),
              resume: this.#deps.resume,
              comment: this.#deps.comment,
            });
      await this.#record(result);
      return result;
    } finally {
      this.#inFlight.delete(message.replyId);
    }
  }

  /**
   * What to send when the link comes up: results the relay has not acknowledged, and "may have
   * run" for replies whose agent was being started when the daemon last stopped (the relay
   * sends those again too, but need not).
   */
  async pending(): Promise<ReplyResult[]> {
    const { handled } = this.#deps;
    const settled: ReplyResult[] = [];
    for (const replyId of handled.interrupted()) {
      if (this.#inFlight.has(replyId)) continue;
      this.#inFlight.add(replyId);
      try {
        const result = await this.#mayHaveRun(replyId);
        // Recorded, it is among the unacknowledged below; unrecorded (disk error), send it anyway.
        if (!(await this.#record(result))) settled.push(result);
      } finally {
        this.#inFlight.delete(replyId);
      }
    }
    return [...handled.unacknowledged(), ...settled];
  }

  /** The relay stored a result. */
  async acknowledge(replyId: string): Promise<void> {
    try {
      await this.#deps.handled.acknowledge(replyId);
    } catch (error) {
      this.#deps.logger.error(
        `could not write replies.json (${(error as Error).message}); reply ${replyId}'s result may be sent again`,
      );
    }
  }

  async #mayHaveRun(replyId: string): Promise<ReplyResult> {
    this.#deps.logger.warn(
      `reply ${replyId} was being started when the daemon stopped: reporting that it may have run, not running it again`,
    );
    const key = this.#deps.key();
    if (!key) return undecryptable(replyId);
    return failedReply(replyId, key, { reason: MAY_HAVE_RUN_REASON, code: 'may_have_run' });
  }

  /** Whether the result is durable. */
  async #record(result: ReplyResult): Promise<boolean> {
    try {
      await this.#deps.handled.record(result);
      return true;
    } catch (error) {
      this.#deps.logger.error(
        `could not write replies.json (${(error as Error).message}); reply ${result.replyId} is ${result.status} but not recorded`,
      );
      return false;
    }
  }
}
