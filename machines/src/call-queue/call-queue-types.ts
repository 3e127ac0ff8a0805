/** Tracker issue priority; local agent reports carry `none`. */
export type IssuePriority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

/** What the queue needs to know of a decrypted report: the rest stays with the host. */
export interface IncomingReport {
  eventId: string;
  /** When the report happened, ms since the epoch. */
  occurredAt: number;
  priority: IssuePriority;
  /** Issue update time, ms since the epoch; local reports use `occurredAt`. */
  updatedAt: number;
  /**
   * `permission`: an agent waits on a permission prompt. It ranks above every report, and it is
   * late (missed on arrival) only once the agent stopped waiting, not 2 minutes after it happened.
   */
  kind?: 'report' | 'permission';
  /** With `permission`: when the agent stops waiting, ms since the epoch. */
  expiresAt?: number;
}

export type QueuedCallState =
  /** Speech being synthesised; never rings before the whole speech is ready. */
  | 'preparing'
  /** Speech preparation failed: never rings; the idle page offers retry or ignore. */
  | 'failed'
  /** Ready, waiting for its turn to ring. */
  | 'queued'
  | 'ringing'
  | 'inCall'
  /** Not answered in time, learnt late, or came in a no-ring period; answerable from the calls page. */
  | 'missed'
  /** Hung up on this device (server status `completed`). */
  | 'ended'
  | 'acknowledged'
  /** Answered, rejected or acknowledged on another device, or taken by one (409 `call_taken`). */
  | 'endedElsewhere'
  /** A failed call the user chose to ignore. */
  | 'ignored'
  | 'declined';

/** Statuses this device writes back to the relay (`POST /v1/events/:eventId/status`). */
export type WrittenCallStatus = 'answered' | 'rejected' | 'acknowledged' | 'completed';

/** A device of the account, as status frames name it. */
export interface DeviceRef {
  deviceId: string;
  name: string;
}

export interface QueuedCall {
  report: IncomingReport;
  state: QueuedCallState;
  /** When this device learnt of the report, ms since the epoch. */
  learnedAt: number;
  /** Who ended it elsewhere, when they are known. */
  endedBy?: DeviceRef;
  /** The status the other device wrote (`endedElsewhere` only). */
  endedStatus?: WrittenCallStatus;
  /**
   * The device that answered this call and left it unfinished (its answer lease lapsed): the
   * relay returned the call, and it waits here as missed.
   */
  unfinishedBy?: DeviceRef;
  /** Why speech preparation failed (`failed` only). */
  failure?: string;
  /**
   * Statuses this device set and the relay has not confirmed yet, oldest first: a writer retries
   * them in order until it does, and they are written again after a restart, since the other
   * devices ring until the relay knows.
   */
  unwritten?: WrittenCallStatus[];
}

/** Plain JSON, so `getPersistedSnapshot()` round-trips. */
export interface CallQueueContext {
  schemaVersion: 1;
  calls: Record<string, QueuedCall>;
  /** Ids answered on this device, newest last, at most `MAX_ANSWERED_IDS`: they never ring again. */
  answered: string[];
  /** Whether the ring schedule lets the device ring now. */
  mayRing: boolean;
  /** The call whose speech is being prepared, if any. */
  preparingId: string | null;
  /** The call ringing on screen, if any (kept so `stopRinging` can name it on the way out). */
  ringingId: string | null;
}

export interface CallQueueInput {
  /** The ring schedule's verdict at start; true until schedules exist. */
  mayRing?: boolean;
  /** `ringback.answered` as stored, for a start without a persisted snapshot. */
  answered?: string[];
}

export type CallQueueEvent =
  /** A decrypted report arrived (live, pending reconcile, or pushed again after a restart). */
  | { type: 'report.received'; report: IncomingReport; learnedAt: number }
  /** The ring schedule opened or closed a ringing period. */
  | { type: 'ringPolicy.changed'; mayRing: boolean }
  /** From ringing, or from the missed list in any order. */
  | { type: 'call.answer'; eventId: string }
  | { type: 'call.decline'; eventId: string }
  | { type: 'call.hangUp'; eventId: string }
  /**
   * A permission call decided here (allow or deny), from the ringing screen, the missed list or
   * in the call: answered if it was not yet, then ended (`completed`), both written in order.
   */
  | { type: 'call.decided'; eventId: string }
  /**
   * A status write met 409 `call_taken`: another device was first. `status` is what that device
   * wrote (answered, or declined or acknowledged it), when the host could learn it.
   */
  | { type: 'call.taken'; eventId: string; by: DeviceRef; status?: WrittenCallStatus }
  /**
   * The relay returned a call to `pending` (the device that answered it left it unfinished, `by`):
   * from a `pending` status frame or the pending listing, even for an id the queue already holds.
   */
  | { type: 'call.returned'; report: IncomingReport; learnedAt: number; by?: DeviceRef }
  /**
   * The relay's `answered` frame names this device for a call it does not hold as in the call:
   * it took the call back (its renewal, reply or hang-up after its lease lapsed), so whatever an
   * earlier frame said (another device had it, it was given back), the call is this device's.
   */
  | { type: 'call.answeredHere'; eventId: string }
  /** A status frame (or the reconnection reconcile) says the call ended on another device. */
  | { type: 'call.endedElsewhere'; eventId: string; status: WrittenCallStatus; by?: DeviceRef }
  /** The relay confirmed a status (from the call's status writer). */
  | { type: 'status.written'; eventId: string; status: WrittenCallStatus }
  /** The relay no longer knows the call (404): nothing left to write. */
  | { type: 'status.gone'; eventId: string }
  | { type: 'failed.retry'; eventId: string }
  | { type: 'failed.ignore'; eventId: string }
  /** The missed and queued calls among `eventIds` (the current tab; default all). */
  | { type: 'missed.acknowledgeAll'; eventIds?: string[] }
  /** Sent once right after restoring a persisted snapshot; `mayRing` refreshes the schedule's verdict. */
  | { type: 'session.restored'; now: number; mayRing?: boolean };
