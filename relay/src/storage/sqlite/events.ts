import { ANSWER_LEASE_MS } from '@ringback/protocol';
import {
  decide,
  decideEndAtComputer,
  givenBack,
  SETTABLE_STATUSES,
  type SettableStatus,
  type Verdict,
} from '../call-transitions';
import {
  type CallStatus,
  ENDED_STATUSES,
  type EventRecord,
  type EventStore,
  type InsertEventResult,
  type NewCallPushes,
  type NewEvent,
  type StatusChangeResult,
} from '../relay-store';
import { EVENT_COLUMNS, type EventRow, iso, toEvent } from '../store-rows';
import type { SqliteContext } from './context';
import type { AppendLog } from './stream-log';

/** Events (calls): unique by (account, event id) and by (account, tracker task id). */
export function sqliteEvents(
  { db, commit, now }: SqliteContext,
  appendLog: AppendLog,
): Omit<EventStore, 'releaseCallsOf'> {
  const s = {
    byKey: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND event_id = ?`,
    ),
    byTask: db.prepare<[string, string], EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE account_id = ? AND task_id = ?`,
    ),
    insert: db.prepare<{
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
    /** A new call's push schedule, in the insert's transaction. */
    schedule: db.prepare<[string, string, number, number]>(
      `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    replyTaken: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM replies WHERE account_id = ? AND event_id = ? LIMIT 1',
    ),
    liveDevice: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    /**
     * Sets a status; an ending one (endedAt not null) erases the ciphertext in the same write.
     * Answering starts the lease; any change forgets who left the call unfinished before.
     */
    updateStatus: db.prepare<{
      accountId: string;
      eventId: string;
      status: CallStatus;
      handledBy: string;
      endedAt: number | null;
      leaseUntil: number | null;
    }>(
      `UPDATE events
       SET status = @status, handled_by = @handledBy, ended_at = @endedAt, lease_until = @leaseUntil,
           unfinished_by = NULL, unfinished_by_name = NULL,
           sealed = CASE WHEN @endedAt IS NULL THEN sealed ELSE NULL END
       WHERE account_id = @accountId AND event_id = @eventId`,
    ),
    /** The seq of an event's own log entry is its place in the order received (and the cursor). */
    openAfter: db.prepare<[string, number, number], EventRow & { created_seq: number }>(
      `SELECT ${EVENT_COLUMNS}, created_seq FROM events
       WHERE account_id = ? AND ended_at IS NULL AND created_seq > ?
       ORDER BY created_seq LIMIT ?`,
    ),
  };

  const insertEvent = (event: NewEvent, at: number, pushes?: NewCallPushes | null): InsertEventResult => {
    const original = s.byKey.get(event.accountId, event.eventId);
    if (original) return { outcome: 'repeat', event: toEvent(original) };
    if (event.taskId !== null) {
      const existing = s.byTask.get(event.accountId, event.taskId);
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
    s.insert.run({
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
    if (pushes)
      s.schedule.run(
        event.accountId,
        event.eventId,
        Math.floor(at + pushes.realertInMs),
        Math.floor(at + pushes.ringWindowMs),
      );
    return { outcome: 'created', event: created, log };
  };

  /**
   * A device's status write, as `judge` decides it on the call as it stands then (by default the
   * rule every app's write follows).
   */
  const changeStatus = (
    accountId: string,
    eventId: string,
    status: SettableStatus,
    deviceId: string,
    leaseMs: number,
    judge: (current: EventRecord) => Verdict = (current) => decide(current, status, deviceId),
  ): Promise<StatusChangeResult> => {
    if (!SETTABLE_STATUSES.has(status)) throw new Error(`not a status a device can set: ${status}`);
    const at = now();
    return commit.write((): StatusChangeResult => {
      // In the same write as the check: a removal is wholly before it (refused) or after it.
      if (!s.liveDevice.get(deviceId, accountId)) return { outcome: 'device_gone' };
      const row = s.byKey.get(accountId, eventId);
      if (!row) return { outcome: 'not_found' };
      const current = toEvent(row);
      const verdict = judge(current);
      if (verdict === 'not_found') return { outcome: 'not_found' };
      if (verdict !== 'change') return { outcome: verdict, event: current };
      const endedAt = ENDED_STATUSES.has(status) ? at : null;
      const leaseUntil = status === 'answered' ? at + Math.floor(leaseMs) : null;
      s.updateStatus.run({ accountId, eventId, status, handledBy: deviceId, endedAt, leaseUntil });
      const log = appendLog(accountId, 'status', eventId, at);
      const { unfinishedBy: _left, ...rest } = current;
      const event: EventRecord = {
        ...rest,
        status,
        handledBy: deviceId,
        sealed: endedAt === null ? current.sealed : null,
        endedAt: endedAt === null ? null : iso(endedAt),
      };
      return { outcome: 'changed', event, log };
    });
  };

  return {
    async insertEvent(event, pushes) {
      const at = now();
      return commit.write(() => insertEvent(event, at, pushes));
    },
    async setStatus(accountId, eventId, status, deviceId, leaseMs = ANSWER_LEASE_MS) {
      return changeStatus(accountId, eventId, status, deviceId, leaseMs);
    },
    async reclaimCall(accountId, eventId, deviceId, leaseMs = ANSWER_LEASE_MS) {
      return changeStatus(accountId, eventId, 'answered', deviceId, leaseMs, (current) =>
        givenBack(current) ? decide(current, 'answered', deviceId) : 'conflict',
      );
    },
    async endAtComputer(accountId, eventId, daemonDeviceId) {
      // In the same write as the reply check: a reply is wholly before this end (refusing it) or after.
      return changeStatus(accountId, eventId, 'completed', daemonDeviceId, ANSWER_LEASE_MS, (current) =>
        decideEndAtComputer(current, daemonDeviceId, s.replyTaken.get(accountId, eventId) !== undefined),
      );
    },
    async getEvent(accountId, eventId) {
      const row = s.byKey.get(accountId, eventId);
      return row ? toEvent(row) : null;
    },
    async pendingEvents(accountId, { afterSeq, limit }) {
      if (!(limit > 0)) return { events: [], next: null };
      const take = Math.floor(limit);
      // One more than asked tells whether another page follows.
      const rows = s.openAfter.all(accountId, afterSeq, take + 1);
      const page = rows.slice(0, take);
      const next = rows.length > take ? (page.at(-1)?.created_seq ?? null) : null;
      return { events: page.map(toEvent), next };
    },
  };
}
