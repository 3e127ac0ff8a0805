import { type Actor, type ActorOptions, createActor } from 'xstate';
import type { callQueueMachine } from './call-queue-machine';
import type { CallQueueInput } from './call-queue-types';

export type CallQueueActor = Actor<typeof callQueueMachine>;

/** A persisted snapshot this version can restore: the machine's own, schema version 1. */
export function isRestorableCallQueue(persisted: unknown): boolean {
  if (typeof persisted !== 'object' || persisted === null) return false;
  const { context, status } = persisted as {
    context?: { schemaVersion?: unknown; calls?: unknown };
    status?: unknown;
  };
  return (
    status === 'active' &&
    typeof context === 'object' &&
    context !== null &&
    context.schemaVersion === 1 &&
    typeof context.calls === 'object' &&
    context.calls !== null
  );
}

/**
 * The persisted snapshot with nothing in flight: no speech preparation (a restored promise actor
 * would run again for a call the restart rows may turn missed) and nothing ringing (nothing rings
 * after a reload). `session.restored` then picks what to prepare and ring from the records.
 */
export function quiescentCallQueue(persisted: unknown): unknown {
  const snapshot = persisted as { value: object; context: object; children?: object };
  return {
    ...snapshot,
    value: { ...snapshot.value, preparation: 'idle', ringer: 'idle' },
    context: { ...snapshot.context, preparingId: null, ringingId: null },
    children: {},
  };
}

export interface StartCallQueueOptions
  extends Omit<ActorOptions<typeof callQueueMachine>, 'input' | 'snapshot'> {
  /** `actor.getPersistedSnapshot()` as stored; anything unrestorable starts afresh. */
  persisted?: unknown;
  /** For a fresh start: the schedule's verdict and `ringback.answered`. */
  input?: CallQueueInput;
  /** Now, ms since the epoch: the late rule's clock for calls that waited through the restart. */
  now: number;
}

/**
 * Starts the queue, restored when `persisted` is usable (made quiescent first), and then applies
 * the restart rows of the table (`session.restored`): entry actions do not run again on restore.
 * `machine` is `callQueueMachine` with the host's effects provided.
 */
export function startCallQueue(
  machine: typeof callQueueMachine,
  options: StartCallQueueOptions,
): CallQueueActor {
  const { persisted, input, now, ...actorOptions } = options;
  if (!isRestorableCallQueue(persisted))
    return createActor(machine, { ...actorOptions, input: input ?? {} }).start();
  const actor = createActor(machine, {
    ...actorOptions,
    input: {},
    snapshot: quiescentCallQueue(persisted) as ReturnType<CallQueueActor['getPersistedSnapshot']>,
  }).start();
  actor.send({ type: 'session.restored', now, mayRing: input?.mayRing });
  return actor;
}
