import { randomUUID } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { applyMigrations } from './migrations';
import {
  type CallStatus,
  type DeviceKind,
  type DeviceRecord,
  ENDED_STATUSES,
  type EventRecord,
  type InsertEventResult,
  type InsertReplyResult,
  type LogEntry,
  type NewEvent,
  type RelayStore,
  type ReplyRecord,
  type ReplyStatus,
  type ReplyUpdateResult,
  type StatusChangeResult,
} from './relay-store';

/** A device's `last_seen_at` is written at most this often: a token lookup is usually a read. */
const SEEN_INTERVAL_MS = 60_000;
const BUSY_TIMEOUT_MS = 5000;
const SETTABLE_STATUSES: ReadonlySet<string> = new Set(['answered', 'rejected', 'acknowledged', 'completed']);

type SettableStatus = Exclude<CallStatus, 'pending'>;
type NewDevice = { kind: DeviceKind; name: string; tokenHash: string };

export interface SqliteRelayStoreOptions {
  /** The clock (epoch ms) for created/seen/ended times and for purging expired pairing codes. */
  now?: () => number;
}

/**
 * Opens (creating if needed) the relay's SQLite database and brings its schema up to date.
 * `path` may be `':memory:'`. A file's folder is created with mode 0700 and the file is kept
 * at 0600 (SQLite gives its -wal and -shm files the same mode).
 */
export async function openSqliteRelayStore(
  path: string,
  options: SqliteRelayStoreOptions = {},
): Promise<RelayStore> {
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) await prepareFile(path);
  const db = new Database(path);
  try {
    configure(db, inMemory);
    applyMigrations(db);
    return createStore(db, inMemory, options.now ?? Date.now);
  } catch (error) {
    db.close();
    throw error;
  }
}

async function prepareFile(path: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  // Create the file ourselves so it is never readable by others, not even for a moment.
  const handle = await open(path, 'a', 0o600);
  try {
    await handle.chmod(0o600);
  } finally {
    await handle.close();
  }
}

function configure(db: Database.Database, inMemory: boolean): void {
  db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  if (!inMemory) db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // Erased ciphertext (ended calls, purged rows) is overwritten with zeros, not left in free space.
  db.pragma('secure_delete = ON');
}

interface DeviceRow {
  id: string;
  account_id: string;
  kind: DeviceKind;
  name: string;
  created_at: number;
  last_seen_at: number | null;
}

interface EventRow {
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
}

interface LogRow {
  account_id: string;
  seq: number;
  kind: LogEntry['kind'];
  event_id: string;
  reply_id: string | null;
  created_at: number;
}

interface ReplyRow {
  account_id: string;
  reply_id: string;
  event_id: string;
  from_device_id: string;
  to_device_id: string;
  sealed: string | null;
  status: ReplyStatus;
  failure: string | null;
  created_at: number;
  updated_at: number;
}

const REPLY_COLUMNS =
  'account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status, failure, created_at, updated_at';

const DEVICE_COLUMNS = 'id, account_id, kind, name, created_at, last_seen_at';
const EVENT_COLUMNS =
  'account_id, event_id, source, occurred_at, task_id, sealed, status, handled_by, from_device_id, created_at, ended_at';
const LOG_COLUMNS = 'account_id, seq, kind, event_id, reply_id, created_at';

function prepareStatements(db: Database.Database) {
  return {
    anyAccount: db.prepare<[], { found: number }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found'),
    accountExists: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM accounts WHERE id = ?'),
    insertAccount: db.prepare<[string, number]>('INSERT INTO accounts (id, created_at) VALUES (?, ?)'),
    /** Takes the account's next log seq. */
    takeSeq: db.prepare<[string], { seq: number }>(
      'UPDATE accounts SET next_seq = next_seq + 1 WHERE id = ? RETURNING next_seq - 1 AS seq',
    ),
    latestSeq: db.prepare<[string], { seq: number }>('SELECT next_seq - 1 AS seq FROM accounts WHERE id = ?'),

    insertDevice: db.prepare<{
      id: string;
      accountId: string;
      kind: DeviceKind;
      name: string;
      tokenHash: string;
      createdAt: number;
    }>(
      `INSERT INTO devices (id, account_id, kind, name, token_hash, created_at)
       VALUES (@id, @accountId, @kind, @name, @tokenHash, @createdAt)`,
    ),
    liveDevice: db.prepare<[string, string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL`,
    ),
    liveDeviceByToken: db.prepare<[string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE token_hash = ? AND removed_at IS NULL`,
    ),
    markSeen: db.prepare<[number, string]>('UPDATE devices SET last_seen_at = ? WHERE id = ?'),
    liveDevices: db.prepare<[string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE account_id = ? AND removed_at IS NULL
       ORDER BY created_at, rowid`,
    ),
    renameDevice: db.prepare<[string, string, string]>(
      'UPDATE devices SET name = ? WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    removeDevice: db.prepare<[number, string, string]>(
      'UPDATE devices SET removed_at = ? WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),

    insertPairingCode: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO pairing_codes (code_hash, account_id, created_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    /** A dead code (used or expired) in the way of a new one with the same hash. */
    deleteDeadPairingCode: db.prepare<[string, number]>(
      'DELETE FROM pairing_codes WHERE code_hash = ? AND (used_at IS NOT NULL OR expires_at <= ?)',
    ),
    consumePairingCode: db.prepare<[number, string, number], { account_id: string }>(
      `UPDATE pairing_codes SET used_at = ?
       WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING account_id`,
    ),
    deleteUnusedCodesBy: db.prepare<[string]>(
      'DELETE FROM pairing_codes WHERE created_by = ? AND used_at IS NULL',
    ),

    eventByKey: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND event_id = ?`,
    ),
    eventByTask: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND task_id = ?`,
    ),
    insertEvent: db.prepare<{
      accountId: string;
      eventId: string;
      source: string;
      occurredAt: string;
      taskId: string | null;
      sealed: string | null;
      fromDeviceId: string;
      createdAt: number;
      createdSeq: number;
    }>(
      `INSERT INTO events (account_id, event_id, source, occurred_at, task_id, sealed, status,
                           from_device_id, created_at, created_seq)
       VALUES (@accountId, @eventId, @source, @occurredAt, @taskId, @sealed, 'pending',
               @fromDeviceId, @createdAt, @createdSeq)`,
    ),
    /** Sets a status; an ending one (endedAt not null) erases the ciphertext in the same write. */
    updateStatus: db.prepare<{
      accountId: string;
      eventId: string;
      status: CallStatus;
      handledBy: string;
      endedAt: number | null;
    }>(
      `UPDATE events
       SET status = @status, handled_by = @handledBy, ended_at = @endedAt,
           sealed = CASE WHEN @endedAt IS NULL THEN sealed ELSE NULL END
       WHERE account_id = @accountId AND event_id = @eventId`,
    ),
    answeredBy: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND handled_by = ? AND status = 'answered'`,
    ),
    releaseCall: db.prepare<[string, string]>(
      "UPDATE events SET status = 'pending', handled_by = NULL WHERE account_id = ? AND event_id = ?",
    ),
    openEvents: db.prepare<[string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND ended_at IS NULL
       ORDER BY created_at, created_seq`,
    ),

    insertLog: db.prepare<[string, number, LogEntry['kind'], string, string | null, number]>(
      'INSERT INTO account_log (account_id, seq, kind, event_id, reply_id, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    replyByKey: db.prepare<[string, string], ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies WHERE account_id = ? AND reply_id = ?`,
    ),
    insertReply: db.prepare<[string, string, string, string, string, string, number, number]>(
      `INSERT INTO replies (account_id, reply_id, event_id, from_device_id, to_device_id, sealed, status, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?)`,
    ),
    waitingReplies: db.prepare<[string, number], ReplyRow>(
      `SELECT ${REPLY_COLUMNS} FROM replies WHERE to_device_id = ? AND status IN ('queued', 'dispatched')
       ORDER BY created_at, rowid LIMIT ?`,
    ),
    updateReply: db.prepare<[ReplyStatus, string | null, string | null, number, string, string]>(
      'UPDATE replies SET status = ?, sealed = ?, failure = ?, updated_at = ? WHERE account_id = ? AND reply_id = ?',
    ),
    purgeReplies: db.prepare<[number]>(
      "DELETE FROM replies WHERE status IN ('delivered', 'failed') AND updated_at < ?",
    ),
    logSince: db.prepare<[string, number, number], LogRow>(
      `SELECT ${LOG_COLUMNS} FROM account_log WHERE account_id = ? AND seq > ? ORDER BY seq LIMIT ?`,
    ),
    oldestSeq: db.prepare<[string], { seq: number | null }>(
      'SELECT MIN(seq) AS seq FROM account_log WHERE account_id = ?',
    ),

    purgeLog: db.prepare<[number]>('DELETE FROM account_log WHERE created_at < ?'),
    purgeEvents: db.prepare<[number]>('DELETE FROM events WHERE ended_at IS NOT NULL AND ended_at < ?'),
    purgePairingCodes: db.prepare<[number]>(
      'DELETE FROM pairing_codes WHERE used_at IS NOT NULL OR expires_at <= ?',
    ),
  };
}

const iso = (ms: number): string => new Date(ms).toISOString();

function toDevice(row: DeviceRow): DeviceRecord {
  return {
    deviceId: row.id,
    accountId: row.account_id,
    kind: row.kind,
    name: row.name,
    createdAt: iso(row.created_at),
    lastSeenAt: row.last_seen_at === null ? null : iso(row.last_seen_at),
  };
}

function toEvent(row: EventRow): EventRecord {
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
  };
}

function toLogEntry(row: LogRow): LogEntry {
  return {
    accountId: row.account_id,
    seq: row.seq,
    kind: row.kind,
    eventId: row.event_id,
    ...(row.reply_id === null ? {} : { replyId: row.reply_id }),
    createdAt: iso(row.created_at),
  };
}

function toReply(row: ReplyRow): ReplyRecord {
  return {
    accountId: row.account_id,
    replyId: row.reply_id,
    eventId: row.event_id,
    fromDeviceId: row.from_device_id,
    toDeviceId: row.to_device_id,
    sealed: row.sealed,
    status: row.status,
    failure: row.failure,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/**
 * Whether `deviceId` may move a call from its current state to `status`: the first device to
 * answer wins; only it completes; rejected/acknowledged end a pending call (any device) or one
 * the device answered; asking again for what the same device already did is a no-op.
 */
function decide(
  event: EventRecord,
  status: SettableStatus,
  deviceId: string,
): 'change' | 'unchanged' | 'conflict' {
  const mine = event.handledBy === deviceId;
  if (event.status === status) return mine ? 'unchanged' : 'conflict';
  if (status === 'answered') return event.status === 'pending' ? 'change' : 'conflict';
  if (status === 'completed') return event.status === 'answered' && mine ? 'change' : 'conflict';
  return event.status === 'pending' || (event.status === 'answered' && mine) ? 'change' : 'conflict';
}

function createStore(db: Database.Database, inMemory: boolean, clock: () => number): RelayStore {
  const s = prepareStatements(db);
  const now = (): number => Math.floor(clock());
  /** A write transaction that takes the write lock up front: no lock upgrade to fail when busy. */
  const writeTx = <A extends unknown[], R>(fn: (...args: A) => R): ((...args: A) => R) => {
    const tx = db.transaction(fn);
    return (...args: A) => tx.immediate(...args);
  };

  const insertDevice = (accountId: string, device: NewDevice, at: number): DeviceRecord => {
    const id = randomUUID();
    const { kind, name, tokenHash } = device;
    s.insertDevice.run({ id, accountId, kind, name, tokenHash, createdAt: at });
    return toDevice({ id, account_id: accountId, kind, name, created_at: at, last_seen_at: null });
  };

  /** Appends a frame to the account's log, taking its next seq. */
  const appendLog = (
    accountId: string,
    kind: LogEntry['kind'],
    eventId: string,
    at: number,
    replyId?: string,
  ): LogEntry => {
    const taken = s.takeSeq.get(accountId);
    if (!taken) throw new Error(`unknown account ${accountId}`);
    s.insertLog.run(accountId, taken.seq, kind, eventId, replyId ?? null, at);
    return { accountId, seq: taken.seq, kind, eventId, ...(replyId ? { replyId } : {}), createdAt: iso(at) };
  };

  const insertReply = writeTx(
    (
      reply: { accountId: string; replyId: string; eventId: string; fromDeviceId: string; sealed: string },
      at: number,
    ): InsertReplyResult => {
      const original = s.replyByKey.get(reply.accountId, reply.replyId);
      if (original) return { outcome: 'repeat', reply: toReply(original) };
      const event = s.eventByKey.get(reply.accountId, reply.eventId);
      if (!event) return { outcome: 'event_not_found' };
      const { accountId, replyId, eventId, fromDeviceId, sealed } = reply;
      s.insertReply.run(accountId, replyId, eventId, fromDeviceId, event.from_device_id, sealed, at, at);
      const log = appendLog(accountId, 'reply', eventId, at, replyId);
      return { outcome: 'created', reply: toReply(s.replyByKey.get(accountId, replyId) as ReplyRow), log };
    },
  );

  /** Moves a reply on when `next` says so; every change is a `reply` frame of the log. */
  const updateReply = writeTx(
    (
      accountId: string,
      replyId: string,
      next: (current: ReplyRecord) => Pick<ReplyRecord, 'status' | 'sealed' | 'failure'> | null,
      at: number,
    ): ReplyUpdateResult => {
      const row = s.replyByKey.get(accountId, replyId);
      if (!row) return { outcome: 'not_found' };
      const current = toReply(row);
      const change = next(current);
      if (!change) return { outcome: 'unchanged', reply: current };
      s.updateReply.run(change.status, change.sealed, change.failure, at, accountId, replyId);
      const log = appendLog(accountId, 'reply', current.eventId, at, replyId);
      return { outcome: 'changed', reply: { ...current, ...change, updatedAt: iso(at) }, log };
    },
  );
  const releaseCallsOf = writeTx((accountId: string, deviceId: string, at: number) =>
    s.answeredBy.all(accountId, deviceId).map((row) => {
      s.releaseCall.run(accountId, row.event_id);
      const log = appendLog(accountId, 'status', row.event_id, at);
      return { event: { ...toEvent(row), status: 'pending' as const, handledBy: null }, log };
    }),
  );
  const isFinal = (reply: ReplyRecord) => reply.status === 'delivered' || reply.status === 'failed';

  const createAccount = writeTx((device: NewDevice, at: number): DeviceRecord => {
    const accountId = randomUUID();
    s.insertAccount.run(accountId, at);
    return insertDevice(accountId, device, at);
  });

  const addDevice = writeTx((accountId: string, device: NewDevice, at: number): DeviceRecord => {
    if (!s.accountExists.get(accountId)) throw new Error(`unknown account ${accountId}`);
    return insertDevice(accountId, device, at);
  });

  const removeDevice = writeTx((accountId: string, deviceId: string, at: number): boolean => {
    if (s.removeDevice.run(at, deviceId, accountId).changes === 0) return false;
    // A code the removed device handed out no longer lets anyone in.
    s.deleteUnusedCodesBy.run(deviceId);
    return true;
  });

  const createPairingCode = writeTx(
    (accountId: string, codeHash: string, createdBy: string, expiresAt: number, at: number): void => {
      // A used or expired code with the same hash (6 digits do repeat) makes way for the new one.
      s.deleteDeadPairingCode.run(codeHash, at);
      s.insertPairingCode.run(codeHash, accountId, createdBy, at, expiresAt);
    },
  );

  const insertEvent = writeTx((event: NewEvent, at: number): InsertEventResult => {
    const original = s.eventByKey.get(event.accountId, event.eventId);
    if (original) return { outcome: 'repeat', event: toEvent(original) };
    if (event.taskId !== null) {
      const existing = s.eventByTask.get(event.accountId, event.taskId);
      if (existing) return { outcome: 'duplicate_task', existing: toEvent(existing) };
    }
    const log = appendLog(event.accountId, 'event', event.eventId, at);
    const created: EventRecord = {
      accountId: event.accountId,
      eventId: event.eventId,
      source: event.source,
      occurredAt: event.occurredAt,
      taskId: event.taskId,
      sealed: event.sealed,
      status: 'pending',
      handledBy: null,
      fromDeviceId: event.fromDeviceId,
      createdAt: iso(at),
      endedAt: null,
    };
    s.insertEvent.run({
      accountId: created.accountId,
      eventId: created.eventId,
      source: created.source,
      occurredAt: created.occurredAt,
      taskId: created.taskId,
      sealed: created.sealed,
      fromDeviceId: created.fromDeviceId,
      createdAt: at,
      createdSeq: log.seq,
    });
    return { outcome: 'created', event: created, log };
  });

  const setStatus = writeTx(
    (
      accountId: string,
      eventId: string,
      status: SettableStatus,
      deviceId: string,
      at: number,
    ): StatusChangeResult => {
      const row = s.eventByKey.get(accountId, eventId);
      if (!row) return { outcome: 'not_found' };
      const current = toEvent(row);
      const verdict = decide(current, status, deviceId);
      if (verdict !== 'change') return { outcome: verdict, event: current };
      const endedAt = ENDED_STATUSES.has(status) ? at : null;
      s.updateStatus.run({ accountId, eventId, status, handledBy: deviceId, endedAt });
      const log = appendLog(accountId, 'status', eventId, at);
      const event: EventRecord = {
        ...current,
        status,
        handledBy: deviceId,
        sealed: endedAt === null ? current.sealed : null,
        endedAt: endedAt === null ? null : iso(endedAt),
      };
      return { outcome: 'changed', event, log };
    },
  );

  const purge = writeTx(
    (before: number, at: number): { logEntries: number; events: number; replies: number } => {
      const logEntries = s.purgeLog.run(before).changes;
      const events = s.purgeEvents.run(before).changes;
      const replies = s.purgeReplies.run(before).changes;
      s.purgePairingCodes.run(at);
      return { logEntries, events, replies };
    },
  );

  return {
    async hasAccounts() {
      return s.anyAccount.get()?.found === 1;
    },
    async createAccount(device) {
      return createAccount(device, now());
    },
    async addDevice(accountId, device) {
      return addDevice(accountId, device, now());
    },
    async deviceByTokenHash(tokenHash) {
      const row = s.liveDeviceByToken.get(tokenHash);
      if (!row) return null;
      const at = now();
      const last = row.last_seen_at;
      if (last === null || at - last >= SEEN_INTERVAL_MS || at < last) {
        s.markSeen.run(at, row.id);
        row.last_seen_at = at;
      }
      return toDevice(row);
    },
    async listDevices(accountId) {
      return s.liveDevices.all(accountId).map(toDevice);
    },
    async renameDevice(accountId, deviceId, name) {
      if (s.renameDevice.run(name, deviceId, accountId).changes === 0) return null;
      const row = s.liveDevice.get(deviceId, accountId);
      return row ? toDevice(row) : null;
    },
    async removeDevice(accountId, deviceId) {
      return removeDevice(accountId, deviceId, now());
    },
    async createPairingCode(accountId, codeHash, createdBy, expiresAt) {
      createPairingCode(accountId, codeHash, createdBy, Math.floor(expiresAt), now());
    },
    async consumePairingCode(codeHash, at) {
      return s.consumePairingCode.get(Math.floor(at), codeHash, at)?.account_id ?? null;
    },
    async insertEvent(event) {
      return insertEvent(event, now());
    },
    async setStatus(accountId, eventId, status, deviceId) {
      if (!SETTABLE_STATUSES.has(status)) throw new Error(`not a status a device can set: ${status}`);
      return setStatus(accountId, eventId, status, deviceId, now());
    },
    async getEvent(accountId, eventId) {
      const row = s.eventByKey.get(accountId, eventId);
      return row ? toEvent(row) : null;
    },
    async pendingEvents(accountId) {
      return s.openEvents.all(accountId).map(toEvent);
    },
    async logSince(accountId, afterSeq, limit) {
      if (!(limit > 0)) return [];
      return s.logSince.all(accountId, afterSeq, Math.floor(limit)).map(toLogEntry);
    },
    async oldestLogSeq(accountId) {
      return s.oldestSeq.get(accountId)?.seq ?? null;
    },
    async latestLogSeq(accountId) {
      return s.latestSeq.get(accountId)?.seq ?? 0;
    },
    async releaseCallsOf(accountId, deviceId) {
      return releaseCallsOf(accountId, deviceId, now());
    },
    async insertReply(reply) {
      return insertReply(reply, now());
    },
    async repliesFor(toDeviceId, limit) {
      if (!(limit > 0)) return [];
      return s.waitingReplies.all(toDeviceId, Math.floor(limit)).map(toReply);
    },
    async markReplyDispatched(accountId, replyId) {
      return updateReply(
        accountId,
        replyId,
        (current) =>
          current.status === 'queued'
            ? { status: 'dispatched', sealed: current.sealed, failure: null }
            : null,
        now(),
      );
    },
    async setReplyResult(accountId, replyId, result) {
      return updateReply(
        accountId,
        replyId,
        (current) =>
          isFinal(current)
            ? null
            : {
                status: result.status,
                sealed: null,
                failure: result.status === 'failed' ? result.failure : null,
              },
        now(),
      );
    },
    async getReply(accountId, replyId) {
      const row = s.replyByKey.get(accountId, replyId);
      return row ? toReply(row) : null;
    },
    async purge(before) {
      const purged = purge(before, now());
      // Old WAL frames can still hold erased ciphertext: fold the WAL into the file and empty it.
      if (!inMemory) db.pragma('wal_checkpoint(TRUNCATE)');
      return purged;
    },
    async close() {
      if (!db.open) return;
      db.pragma('optimize');
      db.close();
    },
  };
}
