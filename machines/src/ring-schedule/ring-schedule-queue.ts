import type { CallQueueEvent } from '../call-queue/call-queue-types';
import { ringScheduleMachine } from './ring-schedule-machine';

/**
 * The call queue already takes the schedule's verdict as `ringPolicy.changed`: `false` turns
 * queued (and ringing) calls into missed, `true` lets the next ready call ring. This is the
 * whole mapping; it is named so host and tests say the same thing.
 */
export function ringPolicyEvent(mayRing: boolean): Extract<CallQueueEvent, { type: 'ringPolicy.changed' }> {
  return { type: 'ringPolicy.changed', mayRing };
}

/** Anything that takes call-queue events: the queue actor, or a host relay to it. */
export interface CallQueueReceiver {
  send(event: CallQueueEvent): void;
}

/** The schedule machine with `mayRingChanged` sending each verdict to the call queue. */
export function ringScheduleDriving(queue: CallQueueReceiver) {
  return ringScheduleMachine.provide({
    actions: { mayRingChanged: (_, params) => queue.send(ringPolicyEvent(params.mayRing)) },
  });
}
