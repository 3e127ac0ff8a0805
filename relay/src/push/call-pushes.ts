import type { PushWake } from '@ringback/protocol';
import type {
  DeviceStore,
  DuePush,
  EventStore,
  LastPushKind,
  NewCallPushes,
  PushStore,
  PushSubscriptionRecord,
} from '../storage/relay-store';

/** One push to one device about one call. */
export interface WakeJob {
  subscription: PushSubscriptionRecord;
  wake: PushWake;
  /**
   * A call's last push is told how its first attempt went: true when that settled it (handed to
   * the push service, found gone, refused for good), false when it must be sent again (a network
   * error, 5xx, 429, a full queue). Ring pushes are not followed.
   */
  settled?: (final: boolean) => void;
}

/** The last push a call is in, on this instance, and what became of it per subscription. */
interface LastPushState {
  kind: LastPushKind;
  /** The subscriptions that took it. */
  took: Set<string>;
  /** Those it is being sent to (not sent twice while the first is on its way). */
  sending: Set<string>;
  /** When to forget it. */
  until: number;
}

export interface CallPushesDeps {
  store: PushStore & Pick<DeviceStore, 'listDevices'> & Pick<EventStore, 'getEvent'>;
  /** Takes a push and returns at once; false when it had to drop it. */
  enqueue: (job: WakeJob) => boolean;
  /** Asks the scheduler to claim what is due now rather than at its next tick. */
  claimSoon: () => void;
  /** Store work started from a push's outcome (tests wait for it; errors are logged there). */
  track: (work: Promise<unknown>) => void;
  now: () => number;
  random: () => number;
  realert: { base: number; jitter: number };
  ringWindowMs: number;
  /** How long after it is decided a call's last push is retried before it is given up. */
  lastPushWindowMs: number;
}

/**
 * Which pushes a call gets, each saying what it is for, decided on the relay's clock: `ring` to
 * every subscribed device of the account when it is stored, `ring` again each re-alert while it
 * rings unanswered within its ring window (not to the devices that asked for quiet), and one last
 * push to every device: `ended` once it leaves `pending` (how, and on which device), or `missed`
 * when its window passes unanswered. The schedule row, written with the call, holds the decision,
 * so the last push is sent again (every re-alert interval, until `lastPushWindowMs` after it was
 * decided) until each device's push service took it, and survives this instance's death.
 */
export class CallPushes {
  readonly #deps: CallPushesDeps;
  /**
   * Per call in its last push, on this instance, of the kind being sent: a call whose `missed`
   * turned into `ended` (answered as its window closed) starts afresh, so `ended` reaches the
   * devices `missed` was on its way to.
   */
  readonly #lastPushes = new Map<string, LastPushState>();
  /**
   * Calls whose last push this instance knows is decided (until it is given up): a ring of
   * theirs still waiting or retrying in the queue is no longer sent (`ringIsStale`).
   */
  readonly #decided = new Map<string, number>();

  constructor(deps: CallPushesDeps) {
    this.#deps = deps;
  }

  /** The schedule a new call is stored with: its first re-alert, and the end of its ring window. */
  newCall(): NewCallPushes {
    return { realertInMs: this.#realertDelay(), ringWindowMs: this.#deps.ringWindowMs };
  }

  /** A new call was stored (here), with its schedule: ring its devices now. */
  async stored(call: { accountId: string; eventId: string }): Promise<void> {
    const subscriptions = await this.#deps.store.pushSubscriptionsOf(call.accountId);
    const wake: PushWake = { id: call.eventId, kind: 'ring' };
    for (const subscription of subscriptions) this.#deps.enqueue({ subscription, wake });
  }

  /** A call left `pending` (here): its schedule is marked for the `ended` push, claimed at once. */
  async ended(accountId: string, eventId: string): Promise<void> {
    const at = this.#deps.now();
    const last = { kind: 'ended' as const, nextAt: at, until: at + this.#deps.lastPushWindowMs };
    this.#decided.set(callKey(accountId, eventId), last.until);
    if (await this.#deps.store.markPushEnding(accountId, eventId, last)) this.#deps.claimSoon();
  }

  /**
   * Whether a ring, about to go out, would only confuse: its call's last push is decided here.
   * A ring that went to the push service after its call's last push would wake a phone to a call
   * that is over (and, offline, it may get the ring only).
   */
  ringIsStale(job: WakeJob): boolean {
    if (job.wake.kind !== 'ring') return false;
    const until = this.#decided.get(callKey(job.subscription.accountId, job.wake.id));
    return until !== undefined && until > this.#deps.now();
  }

  /** This instance claimed a due schedule: re-alert a call still ringing, else send its last push. */
  async due(due: DuePush): Promise<void> {
    const { store, now, realert, lastPushWindowMs } = this.#deps;
    const at = now();
    this.#forgetOld(at);
    if (!due.last && due.status === 'pending' && at < due.endsAt) return this.#realert(due);
    let last = due.last;
    if (!last) {
      // Decided here, on the relay's clock, and recorded before the push goes out. `missed` only
      // while no last push is set: an `ended` marked meanwhile (answered as the window closed)
      // stands, and comes round on its own.
      const kind: LastPushKind = due.status === 'pending' ? 'missed' : 'ended';
      last = { kind, until: at + lastPushWindowMs };
      const marked = await store.markPushEnding(due.accountId, due.eventId, {
        ...last,
        nextAt: at + realert.base,
      });
      if (!marked) return;
    }
    this.#decided.set(keyOf(due), last.until);
    if (at >= last.until) {
      this.#lastPushes.delete(keyOf(due));
      await store.finishPushSchedule(due.accountId, due.eventId, last.kind);
      return;
    }
    // Released back to pending after its end was marked (the release resets the schedule, so only
    // a race gets here): an `ended` saying nothing of how would be wrong; the row comes round.
    if (last.kind === 'ended' && due.status === 'pending') return;
    await this.#sendLast(due, last);
  }

  async #realert(due: DuePush): Promise<void> {
    const { store, enqueue } = this.#deps;
    const subscriptions = await store.pushSubscriptionsOf(due.accountId);
    // Nobody to wake: nobody to re-alert, nor to tell the end.
    if (subscriptions.length === 0) {
      await store.finishPushSchedule(due.accountId, due.eventId);
      return;
    }
    const quiet = new Set(await store.quietDevices(due.accountId, due.eventId));
    // Read again now, not as claimed: the call may have been answered meanwhile.
    const call = await store.getEvent(due.accountId, due.eventId);
    if (call?.status !== 'pending') return;
    // Ringing (again: a call released back to pending when the device that answered it was
    // removed): what this instance knew of its end is over.
    this.#decided.delete(keyOf(due));
    this.#lastPushes.delete(keyOf(due));
    const wake: PushWake = { id: due.eventId, kind: 'ring' };
    for (const subscription of subscriptions)
      if (!quiet.has(subscription.deviceId)) enqueue({ subscription, wake });
  }

  /**
   * The last push to every subscription that has not taken it yet; the schedule is finished once
   * each did. One that did not (or this instance dying first) leaves the row to come round again.
   */
  async #sendLast(due: DuePush, last: { kind: LastPushKind; until: number }): Promise<void> {
    const { store, enqueue, track } = this.#deps;
    const key = keyOf(due);
    let entry = this.#lastPushes.get(key);
    // Another kind than the one being sent (`missed` became `ended`): what `missed` reached or is
    // on its way to does not count for `ended`.
    if (entry?.kind !== last.kind) {
      entry = { kind: last.kind, took: new Set(), sending: new Set(), until: last.until };
      this.#lastPushes.set(key, entry);
    }
    const state = entry;
    const left = (await store.pushSubscriptionsOf(due.accountId)).filter(
      (subscription) => !state.took.has(subscriptionKey(subscription)),
    );
    // Only while this kind is still the call's last push: a `missed` settling after `ended` was
    // marked leaves the row to `ended`, in the store as here.
    const finish = async () => {
      if (this.#lastPushes.get(key) === state) this.#lastPushes.delete(key);
      return store.finishPushSchedule(due.accountId, due.eventId, last.kind);
    };
    if (left.length === 0) {
      await finish();
      return;
    }
    const subscriptions = left.filter((subscription) => !state.sending.has(subscriptionKey(subscription)));
    if (subscriptions.length === 0) return;
    const wake = await this.#lastWake(due, last.kind);
    let open = subscriptions.length;
    let allTook = true;
    for (const subscription of subscriptions) {
      let told = false;
      state.sending.add(subscriptionKey(subscription));
      const settled = (final: boolean) => {
        // A later attempt of the queue's own that got through spares the next round this one.
        if (final) state.took.add(subscriptionKey(subscription));
        if (told) return;
        told = true;
        state.sending.delete(subscriptionKey(subscription));
        if (!final) allTook = false;
        open -= 1;
        if (open === 0 && allTook) track(finish());
      };
      if (!enqueue({ subscription, wake, settled })) settled(false);
    }
  }

  async #lastWake(due: DuePush, kind: LastPushKind): Promise<PushWake> {
    if (kind === 'missed' || due.status === 'pending') return { id: due.eventId, kind };
    const wake: PushWake = { id: due.eventId, kind, status: due.status };
    if (due.handledBy === null) return wake;
    const devices = await this.#deps.store.listDevices(due.accountId);
    const name = devices.find((device) => device.deviceId === due.handledBy)?.name;
    // push-wake.ts cuts the name to PUSH_DEVICE_NAME_CHARS.
    return { ...wake, by: due.handledBy, ...(name === undefined ? {} : { byName: name }) };
  }

  /** Calls whose last push another instance finished, or that were given up, are not kept. */
  #forgetOld(at: number): void {
    for (const [key, entry] of this.#lastPushes) if (entry.until <= at) this.#lastPushes.delete(key);
    for (const [key, until] of this.#decided) if (until <= at) this.#decided.delete(key);
  }

  #realertDelay(): number {
    const { base, jitter } = this.#deps.realert;
    return Math.round(base + jitter * (2 * this.#deps.random() - 1));
  }
}

const callKey = (accountId: string, eventId: string) => `${accountId}\n${eventId}`;
const keyOf = (due: DuePush) => callKey(due.accountId, due.eventId);
const subscriptionKey = (subscription: PushSubscriptionRecord) =>
  `${subscription.deviceId}\n${subscription.endpoint}`;
