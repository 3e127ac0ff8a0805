// The rows both backends read: the same column names and the same epoch-ms numbers, so one set
// of mappers turns them into the records the store hands out.
import type {
  CallStatus,
  DeviceKind,
  DeviceRecord,
  EventRecord,
  LogEntry,
  PushSubscriptionRecord,
  ReplyRecord,
  ReplyStatus,
} from './relay-store';

/** Times are stored as epoch ms (the purge compares numbers) and handed out as ISO strings. */
export const iso = (ms: number): string => new Date(ms).toISOString();

export interface DeviceRow {
  id: string;
  account_id: string;
  kind: DeviceKind;
  name: string;
  created_at: number;
  last_seen_at: number | null;
}

export const DEVICE_COLUMNS = 'id, account_id, kind, name, created_at, last_seen_at';

export function toDevice(row: DeviceRow): DeviceRecord {
  return {
    deviceId: row.id,
    accountId: row.account_id,
    kind: row.kind,
    name: row.name,
    createdAt: iso(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
  };
}

export interface EventRow {
  account_id: string;
  event_id: string;
  source: EventRecord['source'];
  occurred_at: string;
  task_id: string | null;
  sealed: string | null;
  status: CallStatus;
  handled_by: string | null;
  from_device_id: string;
  created_at: number;
  ended_at: number | null;
  /** Absent from rows that do not select them (the batched insert's repeats). */
  unfinished_by?: string | null;
  unfinished_by_name?: string | null;
}

export const EVENT_COLUMNS =
  'account_id, event_id, source, occurred_at, task_id, sealed, status, handled_by, from_device_id, created_at, ended_at, unfinished_by, unfinished_by_name';

export function toEvent(row: EventRow): EventRecord {
  return {
    accountId: row.account_id,
    eventId: row.event_id,
    source: row.source,
    occurredAt: row.occurred_at,
    taskId: row.task_id,
    sealed: row.sealed,
    status: row.status,
    handledBy: row.handled_by,
    fromDeviceId: row.from_device_id,
    createdAt: iso(row.created_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    ...(row.unfinished_by
      ? { unfinishedBy: { deviceId: row.unfinished_by, name: row.unfinished_by_name ?? '' } }
      : {}),
  };
}

export interface LogRow {
  account_id: string;
  seq: number;
  kind: LogEntry['kind'];
  event_id: string;
  reply_id: string | null;
  created_at: number;
}

export const LOG_COLUMNS = 'account_id, seq, kind, event_id, reply_id, created_at';

export function toLogEntry(row: LogRow): LogEntry {
  return {
    accountId: row.account_id,
    seq: row.seq,
    kind: row.kind,
    eventId: row.event_id,
    ...(row.reply_id === null ? {} : { replyId: row.reply_id }),
    createdAt: iso(row.created_at),
  };
}

export interface ReplyRow {
  account_id: string;
  reply_id: string;
  event_id: string;
  from_device_id: string;
  to_device_id: string;
  sealed: string | null;
  status: ReplyStatus;
  /**
   * The daemon's sealed note on a finished reply: the reason of a `failed` one ('' when it could
   * not open the reply), the outcome of a `delivered` one. The status says which; both are
   * ciphertext for the devices, never read here.
   */
  failure: string | null;
  created_at: number;
  updated_at: number;
}

export const REPLY_COLUMNS =
  'account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status, failure, created_at, updated_at';

export function toReply(row: ReplyRow): ReplyRecord {
  return {
    accountId: row.account_id,
    replyId: row.reply_id,
    eventId: row.event_id,
    fromDeviceId: row.from_device_id,
    toDeviceId: row.to_device_id,
    sealed: row.sealed,
    status: row.status,
    failure: row.status === 'failed' ? row.failure : null,
    outcome: row.status === 'delivered' ? row.failure || null : null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** A reply's next state as its store writes it. */
export type ReplyChange = Pick<ReplyRecord, 'status' | 'sealed' | 'failure' | 'outcome'>;

/** The value of the `failure` column for a change: the one sealed note its status keeps. */
export const resultNote = (change: ReplyChange): string | null =>
  change.status === 'failed' ? change.failure : change.status === 'delivered' ? change.outcome : null;

/** The daemon's result as the reply's next state: its ciphertext erased, its note kept. */
export const resultChange = (
  result: { status: 'delivered'; outcome?: string | null } | { status: 'failed'; failure: string },
): ReplyChange =>
  result.status === 'failed'
    ? { status: 'failed', sealed: null, failure: result.failure, outcome: null }
    : { status: 'delivered', sealed: null, failure: null, outcome: result.outcome ?? null };

/** What a reply needs of its event: where it goes, and who may send it. */
export interface EventAnswerer {
  from_device_id: string;
  status: string;
  handled_by: string | null;
}

/** Only the device that answered a call (in it, or hung up) may reply to it: one reply path per call. */
export const answeredBy = (event: EventAnswerer, deviceId: string): boolean =>
  event.handled_by === deviceId && (event.status === 'answered' || event.status === 'completed');

export const isFinalReply = (reply: ReplyRecord): boolean =>
  reply.status === 'delivered' || reply.status === 'failed';

export interface SubscriptionRow {
  account_id: string;
  device_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export const toSubscription = (row: SubscriptionRow): PushSubscriptionRecord => ({
  accountId: row.account_id,
  deviceId: row.device_id,
  endpoint: row.endpoint,
  p256dh: row.p256dh,
  auth: row.auth,
});
