import {
  createOutboxEntryActor,
  type DeliveryAttempt,
  GenerationScheduler,
  type OutboxEntryActor,
  outboxEntryMachine,
  persistOutboxEntry,
} from '@ringback/machines';
import { type AgentReport, newEventId } from '@ringback/protocol';
import { fromPromise } from 'xstate';
import type { Logger } from '../log/logger';
import type { ReportIntake } from '../routes/report';
import type { EntryEffects } from './entry-effects';
import type { EntryPayload } from './entry-payload';
import type { OutboxStore, StoredEntry } from './outbox-store';

export interface OutboxWorkerDeps {
  store: OutboxStore;
  effects: EntryEffects;
  logger: Logger;
  /** How often entries waiting for a relay login or key check whether they can go. */
  relayCheckIntervalMs?: number;
}

const RELAY_CHECK_INTERVAL_MS = 5_000;

/**
 * Runs one `outboxEntryMachine` actor per unfinished report: persists each snapshot change,
 * gives generation slots through the scheduler, and forgets entries once delivered or dropped.
 */
export class OutboxWorker implements ReportIntake {
  readonly #store: OutboxStore;
  readonly #logger: Logger;
  readonly #actors = new Map<string, OutboxEntryActor>();
  readonly #scheduler: GenerationScheduler;
  readonly #machine;
  readonly #effects: EntryEffects;
  readonly #relayCheckIntervalMs: number;
  #relayCheck: NodeJS.Timeout | undefined;

  constructor(deps: OutboxWorkerDeps) {
    this.#store = deps.store;
    this.#logger = deps.logger;
    this.#effects = deps.effects;
    this.#relayCheckIntervalMs = deps.relayCheckIntervalMs ?? RELAY_CHECK_INTERVAL_MS;
    this.#scheduler = new GenerationScheduler((eventId) =>
      this.#actors.get(eventId)?.send({ type: 'GENERATE' }),
    );
    this.#machine = outboxEntryMachine.provide({
      actors: {
        // xstate aborts `signal` when the actor stops (daemon shutdown), ending the LLM call.
        generateBrief: fromPromise(({ input, signal }: { input: { eventId: string }; signal: AbortSignal }) =>
          deps.effects.generate(input.eventId, signal),
        ),
        deliver: fromPromise<DeliveryAttempt, { eventId: string; attempt: number }>(({ input }) =>
          deps.effects.deliver(input.eventId),
        ),
      },
      actions: {
        reportDropped: ({ context }) =>
          deps.logger.error(
            `report ${context.eventId} dropped: the relay refused it (${context.lastError ?? 'no reason'})`,
          ),
      },
    });
  }

  /** Resumes every unfinished entry found on disk. */
  start(entries: StoredEntry[], orphans: EntryPayload[]): void {
    for (const entry of entries) {
      try {
        this.#run(entry.eventId, createOutboxEntryActor(this.#machine, { persisted: entry.snapshot }));
      } catch (error) {
        this.#logger.error(
          `outbox entry ${entry.eventId} has an unusable snapshot (${(error as Error).message}); recovering it as new`,
        );
        void this.#recover(entry.eventId);
      }
    }
    for (const orphan of orphans) void this.#adoptOrphan(orphan);
    // One timer for all entries waiting for a login or a key, however many there are.
    this.#relayCheck = setInterval(() => void this.#wakeAwaitingRelay(), this.#relayCheckIntervalMs);
    this.#relayCheck.unref();
  }

  /** `POST /report`: resolves once the report is durable; its brief comes later. */
  async accept(report: AgentReport): Promise<void> {
    const eventId = newEventId();
    const acceptedAt = Date.now();
    const payload: EntryPayload = {
      version: 1,
      eventId,
      source: report.source,
      occurredAt: new Date(acceptedAt).toISOString(),
      report: {
        source: report.source,
        sessionId: report.session_id,
        cwd: report.cwd,
        text: report.last_assistant_message,
      },
    };
    const actor = createOutboxEntryActor(this.#machine, {
      input: { eventId, source: report.source, acceptedAt },
    });
    await this.#store.add(payload, persistOutboxEntry(actor), report.session_id);
    this.#run(eventId, actor);
  }

  /** Skips the backoff of entries waiting to retry (the relay became reachable). */
  retryNow(): void {
    for (const actor of this.#actors.values()) actor.send({ type: 'RETRY_NOW' });
  }

  /** Unfinished entries by state. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const actor of this.#actors.values()) {
      const state = String(actor.getSnapshot().value);
      counts[state] = (counts[state] ?? 0) + 1;
    }
    return counts;
  }

  async stop(): Promise<void> {
    clearInterval(this.#relayCheck);
    for (const actor of this.#actors.values()) actor.stop();
    this.#actors.clear();
    await this.#store.flush();
  }

  #run(eventId: string, actor: OutboxEntryActor): void {
    this.#actors.set(eventId, actor);
    let state = String(actor.getSnapshot().value);
    actor.subscribe((snapshot) => {
      const next = String(snapshot.value);
      if (state === 'generating' && next !== 'generating') this.#scheduler.finished(eventId);
      if (next === 'stored' && state !== 'stored')
        this.#scheduler.enqueue(eventId, snapshot.context.acceptedAt);
      state = next;
      if (snapshot.status === 'done') {
        this.#actors.delete(eventId);
        this.#scheduler.remove(eventId);
        void this.#persist(this.#store.remove(eventId), eventId);
        return;
      }
      void this.#persist(this.#store.saveSnapshot(eventId, persistOutboxEntry(actor)), eventId);
    });
    actor.start();
    const initial = actor.getSnapshot();
    if (String(initial.value) === 'stored') this.#scheduler.enqueue(eventId, initial.context.acceptedAt);
  }

  async #wakeAwaitingRelay(): Promise<void> {
    const waiting = [...this.#actors.values()].filter(
      (actor) => actor.getSnapshot().value === 'awaitingRelay',
    );
    if (waiting.length === 0) return;
    try {
      if (!(await this.#effects.canDeliver())) return;
    } catch {
      return;
    }
    for (const actor of waiting) actor.send({ type: 'RETRY_NOW' });
  }

  async #persist(write: Promise<void>, eventId: string): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.#logger.error(`could not persist outbox entry ${eventId}: ${(error as Error).message}`);
    }
  }

  async #recover(eventId: string): Promise<void> {
    try {
      await this.#adoptOrphan(await this.#store.readPayload(eventId));
    } catch (error) {
      this.#logger.error(`outbox entry ${eventId} cannot be recovered: ${(error as Error).message}`);
    }
  }

  /** A payload outbox.json does not name: start it afresh (a stored brief is reused, not regenerated). */
  async #adoptOrphan(payload: EntryPayload): Promise<void> {
    const acceptedAt = Date.parse(payload.occurredAt) || Date.now();
    const actor = createOutboxEntryActor(this.#machine, {
      input: { eventId: payload.eventId, source: payload.source, acceptedAt },
    });
    this.#logger.warn(`recovered report ${payload.eventId} from its payload file`);
    await this.#store.add(payload, persistOutboxEntry(actor));
    this.#run(payload.eventId, actor);
  }
}
