import type { CallQueueView, QueuedCallState } from '@ringback/machines';

/**
 * A call in these states would be cut off by a new build taking over (the page reloads): one being
 * prepared to ring, ready to ring next, ringing, or in progress. Missed, failed and ended calls
 * wait on the calls page and survive a reload.
 */
const INTERRUPTIBLE: ReadonlySet<QueuedCallState> = new Set(['preparing', 'queued', 'ringing', 'inCall']);

/** Whether the queue has a call an update must wait for. */
export function selectHoldsUpdates(view: CallQueueView): boolean {
  return Object.values(view.context.calls).some((call) => INTERRUPTIBLE.has(call.state));
}
