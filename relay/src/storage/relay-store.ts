// The relay's storage, behind one interface so an embedded SQLite file serves one relay and a
// shared database can later serve several. It holds only ciphertext, ids, device names,
// timestamps, statuses and the few plaintext fields the specs allow (source, time of
// occurrence, tracker task id). Tokens and pairing codes are stored as SHA-256 hashes.

export type DeviceKind = 'daemon' | 'app';

export interface DeviceRecord {
  deviceId: string;
  accountId: string;
  kind: DeviceKind;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
}

/** A call's status. `pending` until it ends; the ended ones lose their ciphertext. */
export type CallStatus = 'pending' | 'answered' | 'rejected' | 'acknowledged' | 'completed';

export const ENDED_STATUSES: ReadonlySet<CallStatus> = new Set(['rejected', 'acknowledged', 'completed']);

export interface EventRecord {
  accountId: string;
  eventId: string;
  source: 'claude-code' | 'codex' | 'tracker';
  occurredAt: string;
  taskId: string | null;
  /** `e1.…` ciphertext of {report, brief}; null once the call ended (erased). */
  sealed: string | null;
  status: CallStatus;
  /** The device that answered (or otherwise ended) the call. */
  handledBy: string | null;
  fromDeviceId: string;
  createdAt: string;
  endedAt: string | null;
  /**
   * The device that answered the call and left it unfinished (its answer lease lapsed, or it was
   * removed), with its name then: set when the call went back to `pending`, cleared by its next status.
   */
  unfinishedBy?: { deviceId: string; name: string };
}

export type NewEvent = Omit<EventRecord, 'status' | 'handledBy' | 'createdAt' | 'endedAt' | 'unfinishedBy'>;

/** One frame of an account's ordered log; `seq` is the SSE id. */
export interface LogEntry {
  accountId: string;
  seq: number;
  kind: 'event' | 'status' | 'reply';
  eventId: string;
  /** With kind `reply`: which reply changed. */
  replyId?: string;
  createdAt: string;
}

export type ReplyStatus = 'queued' | 'dispatched' | 'delivered' | 'failed';

/** An app's sealed reply on its way to the daemon that reported the event. */
export interface ReplyRecord {
  accountId: string;
  /** Chosen by the app: its idempotency key. */
  replyId: string;
  eventId: string;
  fromDeviceId: string;
  /** The daemon device that posted the event. */
  toDeviceId: string;
  /** The reply's ciphertext; null once delivered or failed (erased). */
  sealed: string | null;
  status: ReplyStatus;
  /** With `failed`: the daemon's sealed reason, or '' when it could not open the reply. */
  failure: string | null;
  /** With `delivered`: the daemon's sealed outcome for the account's devices, if it gave one. */
  outcome: string | null;
  createdAt: string;
  updatedAt: string;
}

export type InsertReplyResult =
  | { outcome: 'created'; reply: ReplyRecord; log: LogEntry }
  | { outcome: 'repeat'; reply: ReplyRecord }
  | { outcome: 'event_not_found' }
  /** Only the device that answered the call may reply to it (null: nobody answered it). */
  | { outcome: 'not_answerer'; handledBy: string | null }
  /** The device was removed (its token is gone): a write that was on its way is refused. */
  | { outcome: 'device_gone' };

export type ReplyUpdateResult =
  | { outcome: 'changed'; reply: ReplyRecord; log: LogEntry }
  | { outcome: 'unchanged'; reply: ReplyRecord }
  | { outcome: 'not_found' };

export type InsertEventResult =
  | { outcome: 'created'; event: EventRecord; log: LogEntry }
  /** The same event id again (a retried POST): the original, nothing new logged. */
  | { outcome: 'repeat'; event: EventRecord }
  /** Another event of the account already carries this tracker task id. */
  | { outcome: 'duplicate_task'; existing: EventRecord };

export type StatusChangeResult =
  | { outcome: 'changed'; event: EventRecord; log: LogEntry }
  /** Already in that status by the same device: nothing to do. */
  | { outcome: 'unchanged'; event: EventRecord }
  /** Another device has it, or the call already ended. */
  | { outcome: 'conflict'; event: EventRecord }
  | { outcome: 'not_found' }
  /** The device was removed (its token is gone): a write that was on its way is refused. */
  | { outcome: 'device_gone' };

/** A call given back to `pending`, and its `status` log entry. */
export interface ReleasedCall {
  event: EventRecord;
  log: LogEntry;
}

/** What renewing an answered call's lease did. */
export type LeaseRenewal =
  /** Renewed; or the device completed the call (hung up, its reply may follow): nothing to renew. */
  | { outcome: 'renewed' }
  /** The device does not hold the call (another device has it, it ended, or it went back to pending). */
  | { outcome: 'conflict'; event: EventRecord }
  | { outcome: 'not_found' }
  | { outcome: 'device_gone' };

/** One page of an account's open calls, in the order the relay received them. */
export interface PendingPage {
  events: EventRecord[];
  /** Pass as `afterSeq` for the next page; null on the last page. */
  next: number | null;
}

/**
 * The relay's storage, one resource per interface. Every method is async and every write is
 * durable when its promise resolves, so a backend may batch writes (the SQLite store commits
 * concurrent ones together) or send them over the network (the PostgreSQL store).
 */
export interface AccountStore {
  /** Whether any account exists (a private relay asks for its claim code until one does). */
  hasAccounts(): Promise<boolean>;
  createAccount(device: NewDevice): Promise<DeviceRecord>;
  /**
   * Creates the relay's first account with this device, or returns null when an account already
   * exists; decided in the database, so two relay instances (or two concurrent requests) cannot
   * both claim a private relay.
   */
  claimRelay(device: NewDevice): Promise<DeviceRecord | null>;
}

export type NewDevice = { kind: DeviceKind; name: string; tokenHash: string };

export interface DeviceStore {
  addDevice(accountId: string, device: NewDevice): Promise<DeviceRecord>;
  /** The live (not removed) device holding this token hash; marks it seen. */
  deviceByTokenHash(tokenHash: string): Promise<DeviceRecord | null>;
  listDevices(accountId: string): Promise<DeviceRecord[]>;
  renameDevice(accountId: string, deviceId: string, name: string): Promise<DeviceRecord | null>;
  /**
   * Removes the device; its token stops working at once, the pairing codes it handed out and
   * nobody used stop working too, and its push subscription goes. The calls it answered and never
   * ended go back to `pending` in the same transaction (as `releaseCallsOf` gives them back, ringing
   * afresh with `pushes`). Null when the device is not a live device of this account.
   */
  removeDevice(
    accountId: string,
    deviceId: string,
    pushes?: NewCallPushes | null,
  ): Promise<{ released: ReleasedCall[] } | null>;
}

export interface PairingCodeStore {
  /** Stores a pairing code (hash) for the account, valid until `expiresAt` (epoch ms). */
  createPairingCode(accountId: string, codeHash: string, createdBy: string, expiresAt: number): Promise<void>;
  /** Uses a pairing code once: the account it joins, or null when unknown, used or expired. */
  consumePairingCode(codeHash: string, now: number): Promise<string | null>;
  /** The codes neither used nor expired at `now`, oldest first: what a wrong guess could hit. */
  livePairingCodes(now: number): Promise<LivePairingCode[]>;
}

export interface LivePairingCode {
  codeHash: string;
  accountId: string;
  expiresAt: number;
}

/**
 * A new call's push schedule, written with the call: its first re-alert `realertInMs` after it is
 * stored, its ring window ending `ringWindowMs` after it (both from the store's clock).
 */
export interface NewCallPushes {
  realertInMs: number;
  ringWindowMs: number;
}

export interface EventStore {
  /**
   * Stores a call; with `pushes` (Web Push is on), its re-alert schedule in the same transaction,
   * so a call stored is never left without its pushes.
   */
  insertEvent(event: NewEvent, pushes?: NewCallPushes | null): Promise<InsertEventResult>;
  /**
   * Moves a call to `status` on behalf of `deviceId`. The first device to answer wins;
   * `completed` is only for the device that answered; rejected/acknowledged end a pending or
   * answered call. An ended call loses its ciphertext in the same transaction. Answering starts
   * the call's lease: `leaseMs` (default ANSWER_LEASE_MS) from now on the store's clock. A
   * removed device's write is refused (`device_gone`), decided in the same transaction as the
   * removal's release of its calls, so it never lands after it.
   */
  setStatus(
    accountId: string,
    eventId: string,
    status: Exclude<CallStatus, 'pending'>,
    deviceId: string,
    leaseMs?: number,
  ): Promise<StatusChangeResult>;
  /**
   * A device of the account, back while a call given back by a lapse or a removal (`unfinishedBy`
   * set) is still `pending` since, takes it back: answered by it exactly as `setStatus` answers
   * (the lease restarted, a `status` log entry), decided in the same write. Not only the device the
   * release names: any device that renews, replies to or hangs up the call, the first one winning.
   * `conflict` when the call is not pending since a release (another device answered or ended it
   * meanwhile, or it was never answered).
   */
  reclaimCall(
    accountId: string,
    eventId: string,
    deviceId: string,
    leaseMs?: number,
  ): Promise<StatusChangeResult>;
  /**
   * The daemon that posted a call ends it at the computer (a permission request whose hook stopped
   * waiting): `completed` with `handledBy` the daemon, when the call is pending or answered and no
   * reply was taken for it, decided in one write with any reply or answer racing it. The ciphertext
   * goes, as for any ended call. `unchanged` when this daemon ended it already; `conflict` when it
   * ended otherwise or a reply was taken; `not_found` when the account has no such call from it.
   */
  endAtComputer(accountId: string, eventId: string, daemonDeviceId: string): Promise<StatusChangeResult>;
  getEvent(accountId: string, eventId: string): Promise<EventRecord | null>;
  /**
   * Calls not yet ended (pending or answered) received after the one at `afterSeq` (0: from
   * the start), at most `limit`, in the order received. Paging by that order never skips or
   * repeats a call, however many arrive between pages: a new one always comes last.
   */
  pendingEvents(accountId: string, page: { afterSeq: number; limit: number }): Promise<PendingPage>;
  /**
   * Gives back the calls a device answered but never ended: they are pending again, with
   * `unfinishedBy` naming the device, so another device can take them. One `status` log entry
   * each. With `pushes` (Web Push on), each rings afresh in the same write: its schedule, made
   * again if it was finished, is due at once with no last push set and a new ring window from now.
   */
  releaseCallsOf(accountId: string, deviceId: string, pushes?: NewCallPushes | null): Promise<ReleasedCall[]>;
}

/**
 * An answered call's lease: the answering device holds the call while it renews the lease (in
 * the call, writing its reply); once the lease lapses the call goes back to `pending` for the
 * other devices. Only the device's own writes renew it: an open stream is no sign of life (a
 * lost phone's half-open socket stays open for many minutes). Lapsed or not is decided on one
 * clock, the store's (the database's own for PostgreSQL, so relay instances with skewed clocks agree).
 */
export interface AnswerLeaseStore {
  /**
   * Renews the lease of a call `deviceId` answered: it now lapses `leaseMs` from now. A call the
   * device completed counts as renewed (nobody else can take it while its reply is written).
   */
  renewLease(accountId: string, eventId: string, deviceId: string, leaseMs: number): Promise<LeaseRenewal>;
  /**
   * Gives back (as `releaseCallsOf` does) up to `limit` answered calls whose lease lapsed; each
   * is released once, however many relay instances sweep at the same time.
   */
  releaseLapsedCalls(options: { limit: number; pushes?: NewCallPushes | null }): Promise<ReleasedCall[]>;
}

export interface StreamLogStore {
  /** Log entries with seq > `afterSeq`, oldest first, at most `limit`. */
  logSince(accountId: string, afterSeq: number, limit: number): Promise<LogEntry[]>;
  /** The smallest seq still kept for the account (older entries were purged), or null if none. */
  oldestLogSeq(accountId: string): Promise<number | null>;
  /** The newest seq of the account (0 when nothing was logged). */
  latestLogSeq(accountId: string): Promise<number>;
}

export interface ReplyStore {
  /** Queues a reply for the daemon that posted the event; idempotent by (account, replyId). */
  insertReply(reply: {
    accountId: string;
    replyId: string;
    eventId: string;
    fromDeviceId: string;
    sealed: string;
  }): Promise<InsertReplyResult>;
  /** Replies queued or dispatched to this daemon device, oldest first. */
  repliesFor(toDeviceId: string, limit: number): Promise<ReplyRecord[]>;
  /** queued → dispatched; otherwise unchanged. */
  markReplyDispatched(accountId: string, replyId: string): Promise<ReplyUpdateResult>;
  /** The daemon's result: the first final result wins, and the reply's ciphertext is erased. */
  setReplyResult(
    accountId: string,
    replyId: string,
    result: { status: 'delivered'; outcome?: string | null } | { status: 'failed'; failure: string },
  ): Promise<ReplyUpdateResult>;
  getReply(accountId: string, replyId: string): Promise<ReplyRecord | null>;
}

export interface RetentionStore {
  /**
   * Drops log entries, ended events and finished replies older than `before` (epoch ms), calls
   * still answered that were received before it (their ciphertext is not kept for ever, whoever
   * holds them), and pairing codes used or expired by now.
   */
  purge(before: number): Promise<{ logEntries: number; events: number; replies: number }>;
}

/** The relay's VAPID key pair (RFC 8292), base64url: the public key an uncompressed P-256 point. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** An app device's Web Push subscription: where its push service takes pushes, and its keys. */
export interface PushSubscriptionRecord {
  accountId: string;
  deviceId: string;
  endpoint: string;
  /** The device's P-256 public key and auth secret (base64url), to encrypt for it. */
  p256dh: string;
  auth: string;
}

/** What a call's last push says: it left `pending`, or its ring window passed unanswered. */
export type LastPushKind = 'ended' | 'missed';
/**
 * What saving a subscription did: `saved`; `device_gone` (the device is not live);
 * `endpoint_taken` (a device of another account holds the endpoint: nothing changed).
 */
export type SavedPushSubscription = 'saved' | 'device_gone' | 'endpoint_taken';

/** A call whose next push is due, handed to one caller alone. */
export interface DuePush {
  accountId: string;
  eventId: string;
  /** The call's status now (a schedule goes with its event when that is purged). */
  status: CallStatus;
  /** The device that answered or ended the call. */
  handledBy: string | null;
  /** The end of the call's ring window (epoch ms): unanswered from then on, it is missed. */
  endsAt: number;
  /** Set once the call's last push was decided: its kind, and until when it is retried (epoch ms). */
  last: { kind: LastPushKind; until: number } | null;
}

/**
 * Web Push: the relay's key pair, app devices' subscriptions, and each unanswered call's
 * re-alert schedule. Every rule that must hold across relay instances is decided here, in the
 * database: the first key pair stored is the one, a due push is claimed by one instance, and a
 * schedule ends once.
 */
export interface PushStore {
  /** Stores `candidate` unless a key pair is stored already; answers the stored one. */
  vapidKeys(candidate: VapidKeys): Promise<VapidKeys>;
  /**
   * The device's subscription, replacing its old one. An endpoint belongs to one device: one
   * held by another device of the same account moves to this one (that device's row goes); one
   * held by a device of another account is refused (`endpoint_taken`), decided in one transaction.
   */
  savePushSubscription(subscription: PushSubscriptionRecord): Promise<SavedPushSubscription>;
  /** False when the device had none. */
  deletePushSubscription(accountId: string, deviceId: string): Promise<boolean>;
  /**
   * Forgets the one subscription a push was sent for, when its push service refused it (404/410,
   * or 400/401/403 twice): that account's device at that endpoint, nothing else. False when it
   * is gone already (or the device subscribed afresh meanwhile, at another endpoint).
   */
  deletePushSubscriptionAt(
    subscription: Pick<PushSubscriptionRecord, 'accountId' | 'deviceId' | 'endpoint'>,
  ): Promise<boolean>;
  /** The device's subscription, or null when the relay holds none for it. */
  pushSubscriptionOf(accountId: string, deviceId: string): Promise<PushSubscriptionRecord | null>;
  /** The subscriptions of the account's live devices. */
  pushSubscriptionsOf(accountId: string): Promise<PushSubscriptionRecord[]>;
  /**
   * Hands the schedules due at `now` (at most `limit`) to this caller alone, each moved on by
   * `realert` (ms, ± a random jitter), never past its window's end while that is ahead.
   */
  claimDuePushes(
    now: number,
    options: {
      limit: number;
      realert: { base: number; jitter: number };
      /**
       * How long a claimed last push (or a call past its window) stays out of everyone's reach: longer
       * than a push's own deadline, so a slow send is not claimed and sent again meanwhile. Default:
       * `realert.base`.
       */
      lastLeaseMs?: number;
    },
  ): Promise<DuePush[]>;
  /**
   * Marks a call's schedule for its last push, of `kind`: due at `nextAt`, retried until
   * `until` (epoch ms). The row stays until `finishPushSchedule`, so a last push an instance did
   * not get out (it died, the push service failed) is claimed again. `ended` replaces whatever
   * was marked (a call answered as its window closed is ended, not missed); `missed` is marked
   * only while no last push is. False when nothing was marked: the call has no schedule (its last
   * push went out already, or push was off when it was stored), or `missed` found one set.
   */
  markPushEnding(
    accountId: string,
    eventId: string,
    last: { kind: LastPushKind; nextAt: number; until: number },
  ): Promise<boolean>;
  /**
   * Deletes a call's schedule: its pushes are over. With `kind`, only while that is still its
   * last push (a `missed` that settled after `ended` was marked leaves the row to `ended`).
   * False when nothing was deleted.
   */
  finishPushSchedule(accountId: string, eventId: string, kind?: LastPushKind): Promise<boolean>;
  /**
   * Records that `deviceId` wants no more re-alerts of the call (kept until the call is purged).
   * False when the account has no such call.
   */
  quietCall(accountId: string, eventId: string, deviceId: string): Promise<boolean>;
  /** The devices that asked for no more re-alerts of the call. */
  quietDevices(accountId: string, eventId: string): Promise<string[]>;
}

export interface RelayStore
  extends AccountStore,
    DeviceStore,
    PairingCodeStore,
    EventStore,
    AnswerLeaseStore,
    StreamLogStore,
    ReplyStore,
    RetentionStore,
    PushStore {
  /** Finishes the writes already asked for, then closes. */
  close(): Promise<void>;
}
