import type { RelayStore, ReplyRecord } from '../storage/relay-store';
import type { DaemonLinks } from './daemon-links';

/** Moves replies down the daemons' links this instance holds. */
export class ReplyDispatcher {
  readonly #store: RelayStore;
  readonly #links: DaemonLinks;
  readonly #logged: (accountId: string, seq: number) => void;

  /** `logged`: a reply's new state was written to the account's log (its streams are told). */
  constructor(store: RelayStore, links: DaemonLinks, logged: (accountId: string, seq: number) => void) {
    this.#store = store;
    this.#links = links;
    this.#logged = logged;
  }

  /** Sends a queued or dispatched reply over its daemon's link, if that link is up here. */
  async dispatch(reply: ReplyRecord): Promise<void> {
    const link = this.#links.get(reply.toDeviceId);
    if (!link || reply.sealed === null) return;
    // A link that closed meanwhile leaves the reply queued: the daemon gets it when it is back.
    if (!link.send({ type: 'reply', replyId: reply.replyId, eventId: reply.eventId, sealed: reply.sealed }))
      return;
    const marked = await this.#store.markReplyDispatched(reply.accountId, reply.replyId);
    if (marked.outcome === 'changed') this.#logged(marked.reply.accountId, marked.log.seq);
  }

  /**
   * Everything waiting for a daemon that just connected, oldest first, each sent once the link
   * has taken the one before: a large backlog never piles up in memory.
   */
  async dispatchWaiting(deviceId: string): Promise<void> {
    for (const reply of await this.#store.repliesFor(deviceId, 1000)) {
      await this.dispatch(reply);
      const link = this.#links.get(deviceId);
      if (!link || !(await link.flushed())) return;
    }
  }

  async recordResult(
    accountId: string,
    replyId: string,
    result: { status: 'delivered'; outcome: string | null } | { status: 'failed'; failure: string | null },
  ): Promise<boolean> {
    const stored = await this.#store.setReplyResult(
      accountId,
      replyId,
      result.status === 'delivered' ? result : { status: 'failed', failure: result.failure ?? '' },
    );
    if (stored.outcome === 'not_found') return false;
    if (stored.outcome === 'changed') this.#logged(accountId, stored.log.seq);
    return true;
  }
}
