import type { RelayLogger } from '../relay-logger';
import type { DeviceStore, EventStore, NewCallPushes, PushStore } from '../storage/relay-store';
import { CallPushes, type WakeJob } from './call-pushes';
import { isRefusedAddress } from './guarded-connect';
import { normalPushOrigin, pushServiceOf, whyEndpointRefused } from './push-endpoint';
import { PushQueue, UnsendablePush } from './push-queue';
import { newVapidKeys, PUSH_TTL_SECONDS } from './push-request';
import { PushScheduler } from './push-scheduler';
import { localPushSender, PushBuildError, type PushSender, threadPushSender } from './push-sender';
import { type PushSettings, pushTimes } from './push-settings';
import { wakeContent } from './push-wake';
import { type VapidSigner, vapidSigner } from './vapid-signer';

/** What routes see of Web Push. Nothing here makes a route wait for a push. */
export interface RelayPush {
  /** The VAPID public key apps subscribe with; null when push is off. */
  readonly publicKey: string | null;
  /** Why push is off, and how to turn it on; null when it is on. */
  readonly offReason: string | null;
  /** Why a subscription endpoint is refused, or null. */
  whyEndpointRefused(endpoint: string): string | null;
  /** The push schedule a new call is stored with (`EventStore.insertEvent`); null when push is off. */
  newCallPushes(): NewCallPushes | null;
  /** A new call was stored here, with its schedule: its devices are rung (returns at once). */
  callStored(call: { accountId: string; eventId: string }): void;
  /** A call left `pending` here: its last push goes out if nobody sent it (returns at once). */
  callEnded(accountId: string, eventId: string): void;
  /** Resolves once every push asked for so far was handed to its push service or given up (tests). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const NOT_CONFIGURED = 'Web Push is off: this relay was started without push settings';

/** Push off: the key route answers `reason`, and nothing is sent. */
export function pushOff(reason: string): RelayPush {
  return {
    publicKey: null,
    offReason: reason,
    whyEndpointRefused: () => reason,
    newCallPushes: () => null,
    callStored: () => {},
    callEnded: () => {},
    settled: async () => {},
    close: async () => {},
  };
}

export interface RelayPushDeps {
  store: PushStore & Pick<DeviceStore, 'listDevices'> & Pick<EventStore, 'getEvent'>;
  logger: RelayLogger;
  now: () => number;
  /** Absent: push is off. */
  settings?: PushSettings;
}

/**
 * Web Push for this relay instance: the key pair made once for the whole relay (the first
 * instance to store one wins), a bounded sending queue, and the scheduler claiming re-alerts.
 */
export async function startRelayPush(deps: RelayPushDeps): Promise<RelayPush> {
  const { store, logger, now, settings } = deps;
  if (!settings) return pushOff(NOT_CONFIGURED);
  if ('off' in settings) return pushOff(settings.off);
  const { subject } = settings;
  const vapid = { ...(await store.vapidKeys(newVapidKeys())), subject };
  const signer = vapidSigner(vapid, now);
  const times = pushTimes(settings);
  // A given transport (tests' fake push services) is used here; else a thread of its own sends.
  const allowedOrigins = (settings.allowedPushOrigins ?? []).map(normalPushOrigin);
  const sender = settings.transport
    ? localPushSender(settings.transport)
    : threadPushSender({ allowedOrigins });

  const queue: PushQueue<WakeJob> = new PushQueue<WakeJob>({
    deliver: async (job, signal) => {
      // Stored before this relay refused such endpoints (or before the operator took its origin
      // off the list): dropped rather than sent to, and the device learns it must subscribe again.
      const refused = whyEndpointRefused(job.subscription.endpoint, allowedOrigins);
      if (refused) {
        job.settled?.(true);
        await store.deletePushSubscriptionAt(job.subscription);
        throw new UnsendablePush(`${refused}; its subscription is dropped`);
      }
      return send(job, sender, signer, signal);
    },
    // A ring is dropped when its turn comes (or its retry's) once its call's last push is decided
    // here, or past its own life: sent after the last push it would ring for a call that is over.
    isStale: (job, waitedMs) =>
      job.wake.kind === 'ring' && (waitedMs > PUSH_TTL_SECONDS * 1000 || calls.ringIsStale(job)),
    // Tracked, so `settled` waits for the subscription to be forgotten too.
    onGone: (job) => track(store.deletePushSubscriptionAt(job.subscription).then(() => {})),
    describe: (job) =>
      `${job.wake.kind ?? 'ring'} push for call ${job.wake.id} to device ${job.subscription.deviceId} (${originOf(job.subscription.endpoint)})`,
    // Push services and accounts take turns: a stalled push service or a busy account delays no one
    // else. By push service, not origin: any number of hanging Apple or Windows subdomains are one
    // service, with one service's slots and waiting share.
    laneOf: (job) => ({
      origin: pushServiceOf(job.subscription.endpoint),
      account: job.subscription.accountId,
    }),
    logger,
    ...settings.queue,
  });
  const calls: CallPushes = new CallPushes({
    store,
    enqueue: (job) => queue.push(job),
    // Tracked, so `settled` waits for the claim it starts.
    claimSoon: () => void track(scheduler.tick()),
    track: (work) => void track(work),
    now,
    random: Math.random,
    realert: times.realert,
    ringWindowMs: times.ringWindowMs,
    lastPushWindowMs: times.lastPushWindowMs,
  });
  const scheduler = new PushScheduler({
    store,
    now,
    tickMs: times.tickMs,
    realert: times.realert,
    lastLeaseMs: times.lastPushLeaseMs,
    onDue: (due) => track(calls.due(due)),
    logger,
  });
  scheduler.start();

  // What routes started and has not yet reached the queue (reads and writes of the store).
  const pending = new Set<Promise<void>>();
  let closed = false;
  function track(work: Promise<unknown>): Promise<void> {
    const settled = work.then(
      () => undefined,
      (error: Error) => {
        if (!closed) logger.error(`push failed: ${error.message}`);
      },
    );
    pending.add(settled);
    void settled.finally(() => pending.delete(settled));
    return settled;
  }
  const drained = async () => {
    while (pending.size > 0) await Promise.all(pending);
  };

  return {
    publicKey: vapid.publicKey,
    offReason: null,
    whyEndpointRefused: (endpoint) => whyEndpointRefused(endpoint, allowedOrigins),
    newCallPushes: () => (closed ? null : calls.newCall()),
    callStored(call) {
      if (!closed) void track(calls.stored(call));
    },
    callEnded(accountId, eventId) {
      if (!closed) void track(calls.ended(accountId, eventId));
    },
    async settled() {
      // A push's outcome may start store work (a gone subscription, a finished schedule), and
      // that work may queue pushes: until neither has anything left.
      do {
        await drained();
        await queue.idle();
      } while (pending.size > 0);
    },
    async close() {
      closed = true;
      await scheduler.stop();
      // The queue first: store work still pending may otherwise hand it pushes that go out
      // while the relay is shutting down (a closed queue drops them).
      await queue.close();
      await sender.close();
      await drained();
    },
  };
}

/** Sends one push; a last push (`job.settled`) is told whether this attempt settled it. */
async function send(job: WakeJob, sender: PushSender, signer: VapidSigner, signal: AbortSignal) {
  try {
    const target = { subscription: job.subscription, content: wakeContent(job.wake) };
    const response = await sender.send(target, signer.authorization(job.subscription.endpoint), signal);
    job.settled?.(settles(response.status));
    return response;
  } catch (error) {
    if (isRefusedAddress(error)) {
      job.settled?.(true);
      throw new UnsendablePush(`the relay does not connect there (${error.message})`, { cause: error });
    }
    job.settled?.(error instanceof PushBuildError);
    if (!(error instanceof PushBuildError)) throw error;
    throw new UnsendablePush(`its subscription's keys are unusable (${error.message})`, { cause: error });
  }
}

/** Taken (2xx), gone (404, 410) or refused for good (another 4xx): only 429 and 5xx are worth another go. */
const settles = (status: number) => status < 500 && status !== 429;

/** Only the push service's origin goes to the log: an endpoint's path is the device's address. */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'an unreadable endpoint';
  }
}
