import { createParser, PushSubscriptionBody } from '@ringback/protocol';
import { type RelayClient, RelayError } from '../relay';
import { applicationServerKeyBytes, madeForKey } from './application-server-key';
import { pushOriginOf, type RefusedEndpoints } from './refused-endpoints';

/** The parts of a browser `PushSubscription` this code uses, so tests hand in a fake. */
export interface PushSubscriptionLike {
  readonly options?: { readonly applicationServerKey: ArrayBuffer | null };
  toJSON(): unknown;
  unsubscribe(): Promise<boolean>;
}

/** The parts of `registration.pushManager` this code uses. */
export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: {
    userVisibleOnly: boolean;
    applicationServerKey: BufferSource;
  }): Promise<PushSubscriptionLike>;
}

/** What the relay is asked: its VAPID key, and to keep or forget this device's subscription. */
export type PushRelay = Pick<
  RelayClient,
  'server' | 'pushKey' | 'subscribePush' | 'unsubscribePush' | 'pushSubscription'
>;

export interface PushSubscriberDeps {
  relay: PushRelay;
  /** The service worker's push manager (its registration once active). */
  pushManager(): Promise<PushManagerLike>;
  /** The relays that refused this browser's push service for good, kept across starts. */
  refused: RefusedEndpoints;
}

/** What `subscribe` did: made a first subscription, replaced one made for an older key, or kept it. */
export type PushSubscribeOutcome = 'subscribed' | 'renewed' | 'kept';
/** What `renew` did: as `subscribe`, or nothing since the relay refused this push service for good. */
export type PushRenewOutcome = PushSubscribeOutcome | 'refused';

export interface PushSubscriber {
  /**
   * Makes sure this device has a subscription for the relay's current key, and that the relay holds
   * it: subscribes when there is none (the browser or the push service dropped it), subscribes again
   * when it was made for another key (the relay's key changed, or another relay), and posts it either
   * way. `publicKey` is the key already read from the relay; else it is read now. Needs notification
   * permission already granted: asking is the page's, from a tap.
   */
  subscribe(publicKey?: string): Promise<PushSubscribeOutcome>;
  /**
   * At each start with background ringing on: asks the relay which endpoint it holds for this
   * device, and when it holds none (it dropped a subscription the push service refused) or another
   * one (this browser's was replaced, or belongs to an earlier pairing), ends the browser's and
   * subscribes afresh, so the relay gets a new endpoint. Kept as it is when the relay holds this
   * browser's own (made for the relay's current key). Nothing at all when this relay refused this
   * browser's push service before (422 `push_endpoint_refused`, see `refusal`): asking again
   * would only be refused again.
   */
  renew(): Promise<PushRenewOutcome>;
  /** The relay's reason when it refused the push service of this browser's subscription, else null. */
  refusal(): Promise<string | null>;
  /**
   * Ends the subscription in the browser, then asks the relay to forget it (asked even when the
   * browser part failed; the first failure is thrown after).
   */
  unsubscribe(): Promise<void>;
  /**
   * With background ringing off: ends a subscription the browser still holds (a turn-off whose
   * browser part failed) and tells the relay. False when there was none, and the relay is not asked.
   */
  dropLeftover(): Promise<boolean>;
}

const parseSubscription = createParser(PushSubscriptionBody);

/** The subscription as the relay takes it; a browser that gives something else fails here, named. */
function bodyOf(subscription: PushSubscriptionLike): PushSubscriptionBody {
  try {
    return parseSubscription.parse(subscription.toJSON());
  } catch (error) {
    throw new Error(`the browser's push subscription cannot be sent: ${(error as Error).message}`);
  }
}

const endpointOf = (subscription: PushSubscriptionLike): unknown =>
  (subscription.toJSON() as { endpoint?: unknown } | null)?.endpoint;

const isEndpointTaken = (error: unknown) =>
  error instanceof RelayError && error.code === 'push_endpoint_taken';
const isEndpointRefused = (error: unknown): error is RelayError =>
  error instanceof RelayError && error.code === 'push_endpoint_refused';

/**
 * Keeps this device's Web Push subscription in step with the relay. Calls run one at a time, so a
 * start-up check and a tap on the switch never subscribe twice or undo each other halfway.
 */
export function createPushSubscriber({ relay, pushManager, refused }: PushSubscriberDeps): PushSubscriber {
  let queue: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  const subscribeAfresh = async (
    manager: PushManagerLike,
    held: PushSubscriptionLike | null,
    key: Uint8Array<ArrayBuffer>,
  ) => {
    // A browser keeps one subscription per service worker: the old one must go first.
    if (held) await held.unsubscribe();
    return manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  };
  /** Posts one subscription; a refusal of its push service for good is remembered, a success forgets it. */
  const post = async (subscription: PushSubscriptionLike) => {
    const pushOrigin = pushOriginOf(endpointOf(subscription));
    try {
      await relay.subscribePush(bodyOf(subscription));
    } catch (error) {
      if (isEndpointRefused(error) && pushOrigin) refused.remember(relay.server, pushOrigin, error.message);
      throw error;
    }
    if (pushOrigin) refused.forget(relay.server, pushOrigin);
  };
  /**
   * Posts the subscription. An endpoint a device of another account holds (409): this browser's
   * subscription once belonged to that account, so it is ended and a new one is posted, once.
   */
  const register = async (
    manager: PushManagerLike,
    subscription: PushSubscriptionLike,
    key: Uint8Array<ArrayBuffer>,
  ): Promise<boolean> => {
    try {
      await post(subscription);
      return false;
    } catch (error) {
      if (!isEndpointTaken(error)) throw error;
      const fresh = await subscribeAfresh(manager, subscription, key);
      await post(fresh);
      return true;
    }
  };
  const refusalOf = (held: PushSubscriptionLike | null) => {
    const pushOrigin = held && pushOriginOf(endpointOf(held));
    return pushOrigin ? refused.reason(relay.server, pushOrigin) : null;
  };
  return {
    subscribe(publicKey) {
      return inTurn(async () => {
        const key = applicationServerKeyBytes(publicKey ?? (await relay.pushKey()).publicKey);
        const manager = await pushManager();
        const held = await manager.getSubscription();
        let outcome: PushSubscribeOutcome = 'kept';
        let subscription = held;
        if (!held || !madeForKey(held.options?.applicationServerKey, key)) {
          subscription = await subscribeAfresh(manager, held, key);
          outcome = held ? 'renewed' : 'subscribed';
        }
        // Posted even when kept: the relay may have dropped it (a 410 once, a restored database).
        if (subscription && (await register(manager, subscription, key))) outcome = 'renewed';
        return outcome;
      });
    },
    renew() {
      return inTurn(async (): Promise<PushRenewOutcome> => {
        const manager = await pushManager();
        const held = await manager.getSubscription();
        // Kept in the browser after the refusal, so its push service is known at the next start.
        if (refusalOf(held) !== null) return 'refused';
        const [{ publicKey }, { endpoint }] = await Promise.all([relay.pushKey(), relay.pushSubscription()]);
        const key = applicationServerKeyBytes(publicKey);
        if (
          held &&
          endpoint !== null &&
          endpointOf(held) === endpoint &&
          madeForKey(held.options?.applicationServerKey, key)
        )
          return 'kept';
        const fresh = await subscribeAfresh(manager, held, key);
        await register(manager, fresh, key);
        return held ? 'renewed' : 'subscribed';
      });
    },
    refusal() {
      return inTurn(async () => refusalOf(await (await pushManager()).getSubscription()));
    },
    unsubscribe() {
      return inTurn(async () => {
        // Ended here first: if the relay cannot be told now, the push service refuses its next
        // push with 410 and the relay forgets the subscription then.
        let failure: unknown = null;
        try {
          const held = await (await pushManager()).getSubscription();
          if (held) await held.unsubscribe();
        } catch (error) {
          failure = error;
        }
        await relay.unsubscribePush();
        if (failure !== null) throw failure;
      });
    },
    dropLeftover() {
      return inTurn(async () => {
        const held = await (await pushManager()).getSubscription();
        if (!held) return false;
        await held.unsubscribe();
        await relay.unsubscribePush();
        return true;
      });
    },
  };
}
