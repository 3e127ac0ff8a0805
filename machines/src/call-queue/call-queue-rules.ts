import type {
  CallQueueContext,
  IncomingReport,
  QueuedCall,
  QueuedCallState,
  WrittenCallStatus,
} from './call-queue-types';

/** The spec's late rule: a report learnt more than 2 minutes after it happened is missed. */
export const LATE_AFTER_MS = 2 * 60_000;
/** `ringback.answered` keeps the newest 200 ids: enough for any re-push the server makes. */
export const MAX_ANSWERED_IDS = 200;
/** Finished calls kept to recognise a report pushed again; older ones are dropped first. */
export const MAX_SETTLED_CALLS = 200;

/** States a call never leaves on this device. */
export const SETTLED_STATES: readonly QueuedCallState[] = [
  'ended',
  'acknowledged',
  'endedElsewhere',
  'ignored',
  'declined',
];
/** States another device can end (status frame, reconcile or 409 `call_taken`). */
export const LIVE_STATES: readonly QueuedCallState[] = [
  'preparing',
  'failed',
  'queued',
  'ringing',
  'inCall',
  'missed',
];

/** Prepared, waiting for its turn to ring. */
export const isReadyToRing = (call: QueuedCall) => call.state === 'queued';
export const isPreparing = (call: QueuedCall) => call.state === 'preparing';

/**
 * A report learnt more than 2 minutes after it happened; a permission call once its agent stopped
 * waiting (it still rings while the agent waits, however late the device learnt of it).
 */
export function isLate(report: IncomingReport, at: number): boolean {
  if (report.kind === 'permission' && report.expiresAt !== undefined) return at >= report.expiresAt;
  return at - report.occurredAt > LATE_AFTER_MS;
}

/** A permission call whose agent stopped waiting: a decision can no longer reach it. */
export function isExpired(report: IncomingReport, at: number): boolean {
  return report.kind === 'permission' && report.expiresAt !== undefined && at >= report.expiresAt;
}

/** Whether a report must be ignored: already known here, or answered here before. */
export function isKnownReport(context: CallQueueContext, eventId: string): boolean {
  return eventId in context.calls || context.answered.includes(eventId);
}

/**
 * The state a new report starts in: missed when learnt late or outside a ringing period. A
 * permission call is ready to ring at once: its screen is decided by a tap, and the agent waits
 * on it, so it neither waits for its few lines to be synthesised (the host does that while it
 * rings) nor behind a long report whose speech is being prepared. Restored calls are prepared
 * again all the same (`restoredState`): that is how the host opens each before it rings.
 */
export function arrivalState(report: IncomingReport, learnedAt: number, mayRing: boolean): QueuedCallState {
  if (isLate(report, learnedAt) || !mayRing) return 'missed';
  return report.kind === 'permission' ? 'queued' : 'preparing';
}

export function patchCall(
  calls: Record<string, QueuedCall>,
  eventId: string,
  patch: Partial<QueuedCall>,
): Record<string, QueuedCall> {
  const call = calls[eventId];
  return call ? { ...calls, [eventId]: { ...call, ...patch } } : calls;
}

/** Every call in `from` moved to `to`, all at once. */
export function moveCalls(
  calls: Record<string, QueuedCall>,
  from: readonly QueuedCallState[],
  to: QueuedCallState,
): Record<string, QueuedCall> {
  const next: Record<string, QueuedCall> = {};
  for (const [id, call] of Object.entries(calls))
    next[id] = from.includes(call.state) ? { ...call, state: to } : call;
  return next;
}

/** Newest last, without duplicates, at most `MAX_ANSWERED_IDS`. */
export function rememberAnswered(answered: readonly string[], eventId: string): string[] {
  return [...answered.filter((id) => id !== eventId), eventId].slice(-MAX_ANSWERED_IDS);
}

/** Drops the oldest finished calls beyond `MAX_SETTLED_CALLS`; live calls always stay. */
export function pruneSettled(calls: Record<string, QueuedCall>): Record<string, QueuedCall> {
  const settled = Object.values(calls).filter((call) => SETTLED_STATES.includes(call.state));
  if (settled.length <= MAX_SETTLED_CALLS) return calls;
  settled.sort((a, b) => a.learnedAt - b.learnedAt);
  const next = { ...calls };
  for (const call of settled.slice(0, settled.length - MAX_SETTLED_CALLS)) delete next[call.report.eventId];
  return next;
}

/** Ids acknowledge-all applies to: the missed and queued calls among `eventIds` (default all). */
export function acknowledgeableIds(
  calls: Record<string, QueuedCall>,
  eventIds?: readonly string[],
): string[] {
  const ids = eventIds ?? Object.keys(calls);
  return ids.filter((id) => calls[id]?.state === 'missed' || calls[id]?.state === 'queued');
}

/** The call with `status` added to what the relay has yet to confirm. */
export function withUnwritten(call: QueuedCall, status: WrittenCallStatus): QueuedCall {
  return { ...call, unwritten: [...(call.unwritten ?? []).filter((s) => s !== status), status] };
}

/** What the restart rows of the table make of the calls, and the ids with statuses to write again. */
export function restoreCalls(
  calls: Record<string, QueuedCall>,
  now: number,
): { calls: Record<string, QueuedCall>; rewrite: string[] } {
  const next: Record<string, QueuedCall> = {};
  const rewrite: string[] = [];
  for (const [id, stored] of Object.entries(calls)) {
    const call = migrated(stored);
    next[id] = { ...call, state: restoredState(call, now) };
    if (call.unwritten?.length) rewrite.push(id);
  }
  return { calls: next, rewrite };
}

/** A call as an earlier version stored it: one unconfirmed final status. */
function migrated(call: QueuedCall & { unconfirmedStatus?: WrittenCallStatus }): QueuedCall {
  const { unconfirmedStatus, ...rest } = call;
  return unconfirmedStatus && !rest.unwritten ? { ...rest, unwritten: [unconfirmedStatus] } : rest;
}

function restoredState(call: QueuedCall, now: number): QueuedCallState {
  switch (call.state) {
    // Answered, then interrupted by the restart: missed, never rung again.
    case 'inCall':
      return 'missed';
    // It rang once on this device already, and a call rings only once on one device: it waits
    // on the calls page as a missed call that connects at once.
    case 'ringing':
      return 'missed';
    // Not rung yet: prepared again first (from the speech cache), so the host has opened each
    // one again before it can ring.
    case 'queued':
    case 'preparing':
      return isLate(call.report, now) ? 'missed' : 'preparing';
    default:
      return call.state;
  }
}
