import { type Actor, type ActorOptions, createActor } from 'xstate';
import type {
  OutboxEntryInput,
  OutboxEntrySource,
  outboxEntryMachine,
  ResumableState,
} from './outbox-entry-machine';

export type OutboxEntryActor = Actor<typeof outboxEntryMachine>;

/** What outbox.json keeps per entry: the state and the counters, a few dozen bytes. */
export interface PersistedOutboxEntry {
  schemaVersion: 1;
  /** The state the entry resumes from (older files may name a passing state, which still restores). */
  state: string;
  eventId: string;
  source: OutboxEntrySource;
  acceptedAt: number;
  deliveryAttempts: number;
  lastError: string | null;
}

/**
 * Where each state resumes after a restart: an interrupted generation runs again, an interrupted
 * delivery is retried. `waitingToRetry` and `awaitingRelay` are states of earlier versions, whose
 * entries now wait with the others for the shared delivery gate.
 */
const RESUME_FROM: Record<string, ResumableState> = {
  resuming: 'stored',
  stored: 'stored',
  generating: 'stored',
  generated: 'generated',
  delivering: 'generated',
  waitingToRetry: 'generated',
  awaitingRelay: 'generated',
  delivered: 'delivered',
  dropped: 'dropped',
};

const SOURCES = new Set<string>(['claude-code', 'codex', 'tracker']);

export function persistOutboxEntry(actor: OutboxEntryActor): PersistedOutboxEntry {
  const { value, context } = actor.getSnapshot();
  return {
    schemaVersion: 1,
    // Passing states (generating, delivering) are saved as where they resume, so entering them
    // changes nothing on disk and costs no outbox write.
    state: RESUME_FROM[String(value)] ?? 'stored',
    eventId: context.eventId,
    source: context.source,
    acceptedAt: context.acceptedAt,
    deliveryAttempts: context.deliveryAttempts,
    lastError: context.lastError,
  };
}

/**
 * What `persistOutboxEntry` gives for a new entry, without creating its actor: the host stores a
 * report before it starts the report's machine.
 */
export function newPersistedOutboxEntry(input: Omit<OutboxEntryInput, 'resume'>): PersistedOutboxEntry {
  return {
    schemaVersion: 1,
    state: 'stored',
    eventId: input.eventId,
    source: input.source,
    acceptedAt: input.acceptedAt,
    deliveryAttempts: 0,
    lastError: null,
  };
}

/** The state a persisted entry resumes in: where it waits (`stored`, `generated`) or how it ended. */
export function resumeStateOf(entry: PersistedOutboxEntry): ResumableState {
  return RESUME_FROM[entry.state] ?? 'stored';
}

/** Checks a persisted entry read from disk; throws naming what is wrong. */
export function parsePersistedOutboxEntry(raw: unknown): PersistedOutboxEntry {
  const entry = raw as Partial<PersistedOutboxEntry> | null;
  if (typeof entry !== 'object' || entry === null) throw new Error('not an object');
  if (entry.schemaVersion !== 1) throw new Error(`unknown schema version ${String(entry.schemaVersion)}`);
  if (typeof entry.state !== 'string' || !(entry.state in RESUME_FROM))
    throw new Error(`unknown state ${String(entry.state)}`);
  if (typeof entry.eventId !== 'string' || entry.eventId === '') throw new Error('no event id');
  if (typeof entry.source !== 'string' || !SOURCES.has(entry.source)) throw new Error('unknown source');
  if (typeof entry.acceptedAt !== 'number') throw new Error('no acceptance time');
  const attempts = entry.deliveryAttempts;
  if (typeof attempts !== 'number' || !Number.isInteger(attempts) || attempts < 0)
    throw new Error('bad attempt count');
  return {
    schemaVersion: 1,
    state: entry.state,
    eventId: entry.eventId,
    source: entry.source,
    acceptedAt: entry.acceptedAt,
    deliveryAttempts: attempts,
    lastError: typeof entry.lastError === 'string' ? entry.lastError : null,
  };
}

/**
 * A new entry (`{ input }`) or one restored from disk (`{ persisted }`), not yet started.
 * `machine` is `outboxEntryMachine` with the host's effects provided.
 */
export function createOutboxEntryActor(
  machine: typeof outboxEntryMachine,
  from: { input: Omit<OutboxEntryInput, 'resume'> } | { persisted: unknown },
  options: Omit<ActorOptions<typeof outboxEntryMachine>, 'input' | 'snapshot'> = {},
): OutboxEntryActor {
  if ('input' in from) return createActor(machine, { ...options, input: from.input });
  const entry = parsePersistedOutboxEntry(from.persisted);
  const resumeFrom = resumeStateOf(entry);
  return createActor(machine, {
    ...options,
    input: {
      eventId: entry.eventId,
      source: entry.source,
      acceptedAt: entry.acceptedAt,
      resume: { from: resumeFrom, deliveryAttempts: entry.deliveryAttempts, lastError: entry.lastError },
    },
  });
}
