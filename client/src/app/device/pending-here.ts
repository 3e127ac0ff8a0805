import type { CallQueueView, QueuedCallState } from '@ringback/machines';

/** A call in these states is still pending for this page: it rings, will ring, is on, or waits as missed. */
const PENDING_HERE: ReadonlySet<QueuedCallState> = new Set([
  'preparing',
  'queued',
  'ringing',
  'inCall',
  'missed',
]);

/** The ids of the calls this page still treats as pending (its notifications stay). */
export function selectPendingHere(view: CallQueueView): string[] {
  return Object.entries(view.context.calls)
    .filter(([, call]) => PENDING_HERE.has(call.state))
    .map(([eventId]) => eventId);
}

/**
 * The calls still pending: the relay's pending list (what it says now, whatever this page has
 * heard) joined with the calls this page rings or lists as missed.
 */
export async function pendingCallIds(
  relay: { pendingEvents(): Promise<{ events: readonly { eventId: string }[] }> },
  queue: { getSnapshot(): CallQueueView },
): Promise<Set<string>> {
  const { events } = await relay.pendingEvents();
  return new Set([...events.map((event) => event.eventId), ...selectPendingHere(queue.getSnapshot())]);
}
