import { type Actor, type ActorOptions, createActor } from 'xstate';
import { isLegacyOutboxEntry, snapshotOfLegacyEntry } from './outbox-entry-legacy';
import {
  type OutboxEntryContext,
  type OutboxEntryInput,
  type OutboxEntrySource,
  outboxEntryMachine,
  type ResumableState,
} from './outbox-entry-machine';

export type OutboxEntryActor = Actor<typeof outboxEntryMachine>;

/**
 * What the outbox keeps per entry: the machine's own `getPersistedSnapshot()`, taken at the
 * state it resumes from, so it holds no invocation (plain JSON, a couple of hundred bytes).
 */
export interface PersistedOutboxEntry {
  status: 'active' | 'done';
  value: ResumableState;
  context: OutboxEntryContext;
  historyValue: Record<string, never>;
  children: Record<string, never>;
}

/**
 * Where each state resumes after a restart: an interrupted generation runs again, an interrupted
 * delivery is retried.
 */
const RESUME_FROM: Record<string, ResumableState> = {
  stored: 'stored',
  generating: 'stored',
  generated: 'generated',
  delivering: 'generated',
  delivered: 'delivered',
  dropped: 'dropped',
};

const SOURCES = new Set<string>(['claude-code', 'codex', 'tracker']);

/**
 * A persisted snapshot with nothing in flight: a passing state (`generating`, `delivering`) is
 * put back to the state it resumes from and its invocation dropped (a restored promise actor
 * would run again on its own, outside the host's slots). So entering a passing state changes
 * nothing the outbox stores, and costs no write.
 */
function quiescent(value: ResumableState, context: OutboxEntryContext): PersistedOutboxEntry {
  const done = value === 'delivered' || value === 'dropped';
  return { status: done ? 'done' : 'active', value, context, historyValue: {}, children: {} };
}

/** The entry's persisted snapshot (`actor.getPersistedSnapshot()`), at the state it resumes from. */
export function persistOutboxEntry(actor: OutboxEntryActor): PersistedOutboxEntry {
  const snapshot = actor.getPersistedSnapshot() as unknown as { value: string; context: OutboxEntryContext };
  return quiescent(RESUME_FROM[snapshot.value] ?? 'stored', snapshot.context);
}

let initialSnapshot: PersistedOutboxEntry | undefined;

/**
 * What `persistOutboxEntry` gives for a new entry, without creating its actor: the host stores a
 * report before it starts the report's machine, thousands a second.
 */
export function newPersistedOutboxEntry(input: OutboxEntryInput): PersistedOutboxEntry {
  initialSnapshot ??= persistOutboxEntry(
    createActor(outboxEntryMachine, { input: { eventId: 'initial', source: 'codex', acceptedAt: 0 } }),
  );
  const { eventId, source, acceptedAt } = input;
  return { ...initialSnapshot, context: { ...initialSnapshot.context, eventId, source, acceptedAt } };
}

/** The state a persisted entry resumes in: where it waits (`stored`, `generated`) or how it ended. */
export function resumeStateOf(entry: PersistedOutboxEntry): ResumableState {
  return entry.value;
}

function parseContext(raw: unknown): OutboxEntryContext {
  const context = raw as Partial<OutboxEntryContext> | null;
  if (typeof context !== 'object' || context === null) throw new Error('no context');
  if (context.schemaVersion !== 1) throw new Error(`unknown schema version ${String(context.schemaVersion)}`);
  if (typeof context.eventId !== 'string' || context.eventId === '') throw new Error('no event id');
  if (typeof context.source !== 'string' || !SOURCES.has(context.source)) throw new Error('unknown source');
  if (typeof context.acceptedAt !== 'number') throw new Error('no acceptance time');
  const attempts = context.deliveryAttempts;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0)
    throw new Error('bad attempt count');
  return {
    schemaVersion: 1,
    eventId: context.eventId,
    source: context.source as OutboxEntrySource,
    acceptedAt: context.acceptedAt,
    deliveryAttempts: attempts,
    lastError: typeof context.lastError === 'string' ? context.lastError : null,
  };
}

/**
 * Checks an entry read from disk and gives it as a quiescent snapshot; throws naming what is
 * wrong. Reads the machine's snapshot, and the flat record earlier versions stored.
 */
export function parsePersistedOutboxEntry(raw: unknown): PersistedOutboxEntry {
  if (isLegacyOutboxEntry(raw)) return parsePersistedOutboxEntry(snapshotOfLegacyEntry(raw));
  const snapshot = raw as { value?: unknown; context?: unknown } | null;
  if (typeof snapshot !== 'object' || snapshot === null) throw new Error('not an object');
  const value = typeof snapshot.value === 'string' ? RESUME_FROM[snapshot.value] : undefined;
  if (!value) throw new Error(`unknown state ${JSON.stringify(snapshot.value)}`);
  return quiescent(value, parseContext(snapshot.context));
}

/**
 * A new entry (`{ input }`) or one restored from disk (`{ persisted }`, with
 * `createActor(machine, { snapshot })`), not yet started. Throws on a persisted entry it cannot
 * trust. `machine` is `outboxEntryMachine` with the host's effects provided.
 */
export function createOutboxEntryActor(
  machine: typeof outboxEntryMachine,
  from: { input: OutboxEntryInput } | { persisted: unknown },
  options: Omit<ActorOptions<typeof outboxEntryMachine>, 'input' | 'snapshot'> = {},
): OutboxEntryActor {
  if ('input' in from) return createActor(machine, { ...options, input: from.input });
  const snapshot = parsePersistedOutboxEntry(from.persisted);
  const { eventId, source, acceptedAt } = snapshot.context;
  return createActor(machine, {
    ...options,
    // Not used: a restored actor takes its context from the snapshot.
    input: { eventId, source, acceptedAt },
    snapshot: snapshot as unknown as ReturnType<OutboxEntryActor['getPersistedSnapshot']>,
  });
}
