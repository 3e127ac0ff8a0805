import { type Actor, type ActorOptions, createActor } from 'xstate';
import type { dispatchMachine } from './dispatch-machine';
import type { DispatchContext, DispatchInput, DispatchState } from './dispatch-types';

export type DispatchActor = Actor<typeof dispatchMachine>;

/** What `dispatches.json` stores per record: `actor.getPersistedSnapshot()`, plain JSON. */
export type PersistedDispatch = ReturnType<DispatchActor['getPersistedSnapshot']> & {
  value: DispatchState;
  context: DispatchContext;
};

const STATES = new Set<unknown>(['creating', 'created', 'failed', 'cancelled']);

/** A persisted record this version can restore: one of the spec states, schema version 1. */
export function isRestorableDispatch(persisted: unknown): persisted is PersistedDispatch {
  if (typeof persisted !== 'object' || persisted === null) return false;
  const { value, status, context } = persisted as { value?: unknown; status?: unknown; context?: unknown };
  if (!STATES.has(value) || (status !== 'active' && status !== 'done')) return false;
  if (typeof context !== 'object' || context === null) return false;
  const c = context as Partial<DispatchContext>;
  return (
    c.schemaVersion === 1 &&
    typeof c.id === 'string' &&
    (c.kind === 'issue' || c.kind === 'comment') &&
    typeof c.createdAt === 'number'
  );
}

/** The input a record was started with, read back from its context. */
function inputOf(context: DispatchContext): DispatchInput {
  const { id, kind, workspaceId, agentName, prompt, images, createdAt } = context;
  return {
    id,
    kind,
    workspaceId,
    agentName,
    prompt,
    images,
    createdAt,
    taskId: context.taskId ?? undefined,
    issueId: context.issueId ?? undefined,
    projectId: context.projectId ?? undefined,
    agentId: context.agentId ?? undefined,
  };
}

/**
 * A new record (`{ input }`) or one read back from `dispatches.json` (`{ persisted }`), started.
 * Throws on a persisted value `isRestorableDispatch` refuses, so the host can log and drop it.
 * `machine` is `dispatchMachine`, possibly with the host's `persist` provided.
 */
export function startDispatch(
  machine: typeof dispatchMachine,
  from: { input: DispatchInput } | { persisted: unknown },
  options: Omit<ActorOptions<typeof dispatchMachine>, 'input' | 'snapshot'> = {},
): DispatchActor {
  if ('input' in from) return createActor(machine, { ...options, input: from.input }).start();
  if (!isRestorableDispatch(from.persisted)) throw new Error('not a restorable dispatch record');
  const snapshot = from.persisted;
  return createActor(machine, { ...options, input: inputOf(snapshot.context), snapshot }).start();
}
