import type { CallQueueContext, QueuedCall, QueuedCallState } from './call-queue-types';
import { rankCalls } from './call-ranking';

/** The part of a snapshot the selectors read, so they take a live or a restored snapshot alike. */
export interface CallQueueView {
  context: CallQueueContext;
}

function callsIn(view: CallQueueView, state: QueuedCallState): QueuedCall[] {
  return Object.values(view.context.calls).filter((call) => call.state === state);
}

function firstIn(view: CallQueueView, state: QueuedCallState): QueuedCall | undefined {
  return Object.values(view.context.calls).find((call) => call.state === state);
}

/** The call ringing on screen, if any. */
export function selectRingingCall(view: CallQueueView): QueuedCall | undefined {
  return firstIn(view, 'ringing');
}

/** The call in progress on this device, if any. */
export function selectCurrentCall(view: CallQueueView): QueuedCall | undefined {
  return firstIn(view, 'inCall');
}

/** Missed calls in list order (priority, then update time newest first). */
export function selectMissedCalls(view: CallQueueView): QueuedCall[] {
  return rankCalls(callsIn(view, 'missed'));
}

/** Reports whose speech failed, for retry or ignore on the idle page, in list order. */
export function selectFailedCalls(view: CallQueueView): QueuedCall[] {
  return rankCalls(callsIn(view, 'failed'));
}

/** Ready calls waiting behind the one on screen, in ringing order. */
export function selectQueuedCalls(view: CallQueueView): QueuedCall[] {
  return rankCalls(callsIn(view, 'queued'));
}

export function selectPreparingCount(view: CallQueueView): number {
  return callsIn(view, 'preparing').length;
}

export function selectMissedCount(view: CallQueueView): number {
  return callsIn(view, 'missed').length;
}

export function selectCall(view: CallQueueView, eventId: string): QueuedCall | undefined {
  return view.context.calls[eventId];
}

/** What `ringback.answered` stores: ids answered on this device, newest last. */
export function selectAnsweredIds(view: CallQueueView): string[] {
  return view.context.answered;
}

export function selectMayRing(view: CallQueueView): boolean {
  return view.context.mayRing;
}

/**
 * `useSelector`'s compare for the list selectors, which build a new array each time: equal
 * when they hold the same call records in the same order (records are replaced on change).
 */
export function sameCalls(a: readonly QueuedCall[], b: readonly QueuedCall[]): boolean {
  return a.length === b.length && a.every((call, index) => call === b[index]);
}
