import type { IssuePriority, QueuedCall } from './call-queue-types';

/** The ringing order of the spec: urgent first, calls without a priority last. */
export const PRIORITY_ORDER: readonly IssuePriority[] = ['urgent', 'high', 'medium', 'low', 'none'];

function priorityRank(priority: IssuePriority): number {
  const rank = PRIORITY_ORDER.indexOf(priority);
  // An unknown value from an older or newer sender sorts with `none` rather than first.
  return rank === -1 ? PRIORITY_ORDER.length - 1 : rank;
}

/** An agent waiting on a permission prompt is held up until someone answers: it goes first. */
function kindRank(call: QueuedCall): number {
  return call.report.kind === 'permission' ? 0 : 1;
}

/**
 * Negative when `a` rings (or lists) before `b`: permission calls before every report, then issue
 * priority, then issue update time newest first; the ties after that (learnt first, then event
 * id) only keep the order stable.
 */
export function compareCalls(a: QueuedCall, b: QueuedCall): number {
  return (
    kindRank(a) - kindRank(b) ||
    priorityRank(a.report.priority) - priorityRank(b.report.priority) ||
    b.report.updatedAt - a.report.updatedAt ||
    a.learnedAt - b.learnedAt ||
    (a.report.eventId < b.report.eventId ? -1 : a.report.eventId > b.report.eventId ? 1 : 0)
  );
}

/** A new array in ringing order; the input is left as it is. */
export function rankCalls(calls: readonly QueuedCall[]): QueuedCall[] {
  return [...calls].sort(compareCalls);
}

/** The first call in ringing order among those `where` accepts, if any. */
export function headCall(
  calls: Record<string, QueuedCall>,
  where: (call: QueuedCall) => boolean,
): QueuedCall | undefined {
  let head: QueuedCall | undefined;
  for (const call of Object.values(calls)) {
    if (where(call) && (head === undefined || compareCalls(call, head) < 0)) head = call;
  }
  return head;
}
