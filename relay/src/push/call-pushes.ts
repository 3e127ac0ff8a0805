import type { DuePush, EventStore, PushStore, PushSubscriptionRecord } from '../storage/relay-store';

/** One push to one device about one call. */
export interface WakeJob {
  subscription: PushSubscriptionRecord;
  eventId: string;
}

export interface CallPushesDeps {
  store: PushStore & Pick<EventStore, 'getEvent'>;
  /** Takes a push and returns at once; false when it had to drop it. */
  enqueue: (job: WakeJob) => boolean;
  now: () => number;
  random: () => number;
  realert: { base: number; jitter: number };
  ringWindowMs: number;
}

/**
 * Which pushes a call gets: one to every subscribed device of the account when it is stored,
 * again each re-alert while it rings unanswered within its ring window, and one last push when it
 * leaves `pending` or the window passes (the device then removes the notification or shows the
 * call missed). Every push carries only the call's id.
 */
export class CallPushes {
  readonly #deps: CallPushesDeps;

  constructor(deps: CallPushesDeps) {
    this.#deps = deps;
  }

  /** A new call was stored (here): wake its devices now, and schedule its re-alerts. */
  async stored(call: { accountId: string; eventId: string; createdAt: string }): Promise<void> {
    const { store, now, ringWindowMs } = this.#deps;
    const woken = await this.#wake(call.accountId, call.eventId);
    // Nobody to wake: nobody to re-alert either.
    if (woken === 0) return;
    await store.startPushSchedule(call.accountId, call.eventId, {
      nextAt: now() + this.#realertDelay(),
      endsAt: Date.parse(call.createdAt) + ringWindowMs,
    });
    // A device that answered (or declined) before the schedule existed found none to end: end it
    // now, so its last push goes out at once rather than at the first re-alert.
    const event = await store.getEvent(call.accountId, call.eventId);
    if (event && event.status !== 'pending') await this.ended(call.accountId, call.eventId);
  }

  /** A call left `pending` (here): whoever ends its schedule sends its last push, once. */
  async ended(accountId: string, eventId: string): Promise<void> {
    if (await this.#deps.store.endPushSchedule(accountId, eventId)) await this.#wake(accountId, eventId);
  }

  /** This instance claimed a due schedule: re-alert a call still ringing, else end it. */
  async due(due: DuePush): Promise<void> {
    if (due.status === 'pending' && this.#deps.now() < due.endsAt)
      await this.#wake(due.accountId, due.eventId);
    else await this.ended(due.accountId, due.eventId);
  }

  /** Queues a push to every subscribed device of the account; how many. */
  async #wake(accountId: string, eventId: string): Promise<number> {
    const subscriptions = await this.#deps.store.pushSubscriptionsOf(accountId);
    for (const subscription of subscriptions) this.#deps.enqueue({ subscription, eventId });
    return subscriptions.length;
  }

  #realertDelay(): number {
    const { base, jitter } = this.#deps.realert;
    return Math.round(base + jitter * (2 * this.#deps.random() - 1));
  }
}
