import { enqueueActions } from 'xstate';
import type { statusWriteMachine } from '../status-write/status-write-machine';
import type { CallQueueContext, CallQueueEvent } from './call-queue-types';

/** The child that writes one call's statuses (one at a time per call). */
export const statusWriterId = (eventId: string) => `status:${eventId}`;

/** The queue's `writeStatus` child, as `setup` knows it. */
export type StatusWriter = { src: 'writeStatus'; logic: typeof statusWriteMachine; id: string | undefined };

/** `enqueueActions` typed for the queue: its context and events, and the status writer it spawns. */
type QueueEnqueueActions = typeof enqueueActions<
  CallQueueContext,
  CallQueueEvent,
  undefined,
  CallQueueEvent,
  StatusWriter,
  never,
  never,
  never,
  never
>;
type WritingArgs = Parameters<Parameters<QueueEnqueueActions>[0]>[0];

/** Lets the queue's actions spawn status writers with their types known. */
export function writingStatuses(collect: (args: WritingArgs) => void) {
  return (enqueueActions as QueueEnqueueActions)(collect);
}

/**
 * A new writer replaces the call's old one and writes everything still unconfirmed, in order
 * (`completed` after the `answered` it needs).
 */
export function startWriter(
  { enqueue }: Pick<WritingArgs, 'enqueue'>,
  calls: CallQueueContext['calls'],
  eventId: string,
) {
  enqueue.stopChild(statusWriterId(eventId));
  const statuses = calls[eventId]?.unwritten ?? [];
  if (statuses.length > 0)
    enqueue.spawnChild('writeStatus', { id: statusWriterId(eventId), input: { eventId, statuses } });
}
