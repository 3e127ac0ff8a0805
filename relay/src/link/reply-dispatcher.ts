import { toReplyState } from '../events/reply-state';
import type { RelayDeps } from '../relay-deps';
import type { LogEntry, ReplyRecord } from '../storage/relay-store';
import { sseFrame } from '../stream/stream-hub';
import type { DaemonLinks } from './daemon-links';

/** Moves replies to their daemons and tells the account's apps how each delivery went. */
export class ReplyDispatcher {
  readonly #deps: RelayDeps;
  readonly #links: DaemonLinks;

  constructor(deps: RelayDeps, links: DaemonLinks) {
    this.#deps = deps;
    this.#links = links;
  }

  /** A reply's new state on the account's streams. */
  published(reply: ReplyRecord, log: LogEntry): void {
    this.#deps.hub.publish(reply.accountId, log.seq, sseFrame(log.seq, 'reply', toReplyState(reply)));
  }

  /** Sends a queued or dispatched reply over its daemon's link, if that link is up. */
  async dispatch(reply: ReplyRecord): Promise<void> {
    const link = this.#links.get(reply.toDeviceId);
    if (!link || reply.sealed === null) return;
    // A link that closed meanwhile leaves the reply queued: the daemon gets it when it is back.
    if (!link.send({ type: 'reply', replyId: reply.replyId, eventId: reply.eventId, sealed: reply.sealed }))
      return;
    const marked = await this.#deps.store.markReplyDispatched(reply.accountId, reply.replyId);
    if (marked.outcome === 'changed') this.published(marked.reply, marked.log);
  }

  /**
   * Everything waiting for a daemon that just connected, oldest first, each sent once the link
   * has taken the one before: a large backlog never piles up in memory.
   */
  async dispatchWaiting(deviceId: string): Promise<void> {
    for (const reply of await this.#deps.store.repliesFor(deviceId, 1000)) {
      await this.dispatch(reply);
      const link = this.#links.get(deviceId);
      if (!link || !(await link.flushed())) return;
    }
  }

  async recordResult(
    accountId: string,
    replyId: string,
    result: { status: 'delivered' } | { status: 'failed'; failure: string | null },
  ): Promise<boolean> {
    const stored = await this.#deps.store.setReplyResult(
      accountId,
      replyId,
      result.status === 'delivered' ? result : { status: 'failed', failure: result.failure ?? '' },
    );
    if (stored.outcome === 'not_found') return false;
    if (stored.outcome === 'changed') this.published(stored.reply, stored.log);
    return true;
  }
}
