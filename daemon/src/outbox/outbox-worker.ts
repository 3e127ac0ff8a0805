import {
  ArrivalOrderSlots,
  createDeliveryGateActor,
  createOutboxEntryActor,
  type DeliveryAttempt,
  type DeliveryGateActor,
  type DeliveryGateTuning,
  deliveryGateMachine,
  deliverySlots,
  GenerationScheduler,
  MAX_CONCURRENT_BRIEFS,
  newPersistedOutboxEntry,
  type OutboxEntryActor,
  outboxEntryMachine,
  type PersistedOutboxEntry,
  parsePersistedOutboxEntry,
  persistDeliveryGate,
  persistOutboxEntry,
  resumeStateOf,
} from '@ringback/machines';
import { type AgentReport, newEventId, type TrackerSealedReport } from '@ringback/protocol';
import { fromPromise } from 'xstate';
import type { Logger } from '../log/logger';
import type { ReportIntake } from '../routes/report';
import type { EntryEffects } from './entry-effects';
import type { EntryPayload } from './entry-payload';
import type { OpenedOutbox, OutboxStore } from './outbox-store';

export interface OutboxWorkerDeps {
  store: OutboxStore;
  effects: EntryEffects;
  logger: Logger;
  /** The longest wait between delivery probes, below 5 min: tests (`RINGBACK_DELIVERY_RETRY_MAX_MS`). */
  maxDeliveryRetryMs?: number;
}

/** States in which an entry only waits for a slot: no machine needs to run for it. */
const WAITING_STATES = new Set(['stored', 'generated']);

/**
 * Works the outbox: one `outboxEntryMachine` per report, its persisted snapshot stored at each
 * change (`persistOutboxEntry`: `getPersistedSnapshot()` at the state it resumes from) and
 * restored with `createActor(outboxEntryMachine, { snapshot })`, forgotten
 * once delivered or dropped. An entry that only waits for a slot (to generate its brief, or to
 * be delivered) is kept as its persisted snapshot; its machine runs only while it holds a slot,
 * so ten thousand waiting reports cost ten thousand small records, not ten thousand actors.
 * Generation slots go in arrival order, 3 at a time. Delivery slots go through one
 * `deliveryGateMachine` shared by every entry: while the relay answers, 8 at a time in arrival
 * order; while it does not, one probe per backoff step.
 */
export class OutboxWorker implements ReportIntake {
  readonly #store: OutboxStore;
  readonly #logger: Logger;
  /** Entries whose machine runs: they hold a generation or delivery slot. */
  readonly #running = new Map<string, OutboxEntryActor>();
  /** Entries waiting for a slot, as persisted. */
  readonly #waiting = new Map<string, PersistedOutboxEntry>();
  readonly #scheduler: GenerationScheduler;
  readonly #deliveries: ArrivalOrderSlots;
  #gate: DeliveryGateActor | undefined;
  #stopped = false;
  readonly #machine;
  readonly #gateTuning: DeliveryGateTuning;

  constructor(deps: OutboxWorkerDeps) {
    this.#store = deps.store;
    this.#logger = deps.logger;
    this.#gateTuning =
      deps.maxDeliveryRetryMs === undefined ? {} : { maxProbeDelayMs: deps.maxDeliveryRetryMs };
    this.#scheduler = new GenerationScheduler((eventId) => this.#wake(eventId)?.send({ type: 'GENERATE' }));
    // No slots until the gate is started.
    this.#deliveries = new ArrivalOrderSlots((eventId) => this.#wake(eventId)?.send({ type: 'DELIVER' }), 0);
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
        relayAnswered: () => this.#gate?.send({ type: 'RELAY_ANSWERED' }),
        // Machines read no clock and draw no randoms: the failure's time and its jitter come from here.
        relayUnreachable: (_, { reason }) =>
          this.#gate?.send({ type: 'RELAY_UNREACHABLE', reason, at: Date.now(), random: Math.random() }),
        relayNotReady: (_, { reason }) => this.#gate?.send({ type: 'RELAY_NOT_READY', reason }),
      },
    });
  }

  /** Resumes every unfinished entry found on disk, and the delivery backoff where it was. */
  start({ entries, orphans, delivery }: Pick<OpenedOutbox, 'entries' | 'orphans' | 'delivery'>): void {
    // Every restored entry queues before any slot is given, so slots go to the oldest, not to
    // the first read.
    this.#scheduler.setLimit(0);
    for (const entry of entries) {
      let persisted: PersistedOutboxEntry;
      try {
        persisted = parsePersistedOutboxEntry(entry.snapshot);
      } catch (error) {
        this.#logger.error(
          `outbox entry ${entry.eventId} has an unusable snapshot (${(error as Error).message}); recovering it as new`,
        );
        void this.#recover(entry.eventId);
        continue;
      }
      // The flat record of an earlier version is stored again as the snapshot it stands for (the
      // store writes nothing for a snapshot that is unchanged).
      void this.#persist(this.#store.saveSnapshot(entry.eventId, persisted), `outbox entry ${entry.eventId}`);
      this.#park(persisted);
    }
    for (const orphan of orphans)
      void this.#adoptOrphan(orphan).catch((error: Error) =>
        this.#logger.error(`recovered report ${orphan.eventId} could not be stored again: ${error.message}`),
      );
    this.#scheduler.setLimit(MAX_CONCURRENT_BRIEFS);
    this.#startGate(delivery);
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
    const persisted = newPersistedOutboxEntry({ eventId, source: report.source, acceptedAt });
    await this.#store.add(payload, persisted, report.session_id, { permissionMode: report.permission_mode });
    if (!this.#stopped) this.#park(persisted);
  }

  /**
   * A finished tracker task (from the watcher): resolves once it is durable, then it is briefed
   * and delivered like a local report, to `/v1/daemon/tracker-reports`.
   */
  async acceptTrackerTask(report: TrackerSealedReport, occurredAt: string): Promise<void> {
    const eventId = newEventId();
    const acceptedAt = Date.now();
    const payload: EntryPayload = { version: 1, eventId, source: 'tracker', occurredAt, report };
    const persisted = newPersistedOutboxEntry({ eventId, source: 'tracker', acceptedAt });
    await this.#store.add(payload, persisted);
    if (!this.#stopped) this.#park(persisted);
  }

  /** Delivery may work now (a login): probe the relay at once instead of at the next backoff step. */
  retryNow(): void {
    this.#gate?.send({ type: 'PROBE_NOW' });
  }

  /** Unfinished entries by state. */
  counts(): Record<string, number> {
    const counts: Record<string, number> = {};
    const add = (state: string) => {
      counts[state] = (counts[state] ?? 0) + 1;
    };
    for (const entry of this.#waiting.values()) add(resumeStateOf(entry));
    for (const actor of this.#running.values()) add(String(actor.getSnapshot().value));
    return counts;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#gate?.stop();
    for (const actor of this.#running.values()) actor.stop();
    this.#running.clear();
    await this.#store.close();
  }

  #startGate(persisted: unknown): void {
    let gate: DeliveryGateActor;
    try {
      gate = createDeliveryGateActor(
        deliveryGateMachine,
        { persisted, at: Date.now() },
        {},
        this.#gateTuning,
      );
    } catch (error) {
      this.#logger.warn(
        `the saved delivery backoff is unusable (${(error as Error).message}); starting afresh`,
      );
      gate = createDeliveryGateActor(deliveryGateMachine, undefined, {}, this.#gateTuning);
    }
    this.#gate = gate;
    let saved = JSON.stringify(persistDeliveryGate(gate.getSnapshot()));
    gate.subscribe((snapshot) => {
      this.#deliveries.setLimit(deliverySlots(snapshot));
      const state = persistDeliveryGate(snapshot);
      const json = JSON.stringify(state);
      // Changes once per probe (a failure, the recovery), never per entry.
      if (json !== saved) {
        saved = json;
        void this.#persist(this.#store.saveDelivery(state), 'the delivery backoff');
      }
    });
    gate.start();
    this.#deliveries.setLimit(deliverySlots(gate.getSnapshot()));
  }

  /** An entry that waits for a slot: kept as its snapshot, queued for the slot it needs. */
  #park(entry: PersistedOutboxEntry): void {
    const { eventId, acceptedAt } = entry.context;
    const state = resumeStateOf(entry);
    if (state === 'delivered' || state === 'dropped') {
      // Finished just before a crash, and not yet forgotten.
      void this.#persist(this.#store.remove(eventId), `outbox entry ${eventId}`);
      return;
    }
    this.#waiting.set(eventId, entry);
    if (state === 'stored') this.#scheduler.enqueue(eventId, acceptedAt);
    else this.#deliveries.enqueue(eventId, acceptedAt);
  }

  /** Starts the machine of an entry given a slot, from its snapshot. */
  #wake(eventId: string): OutboxEntryActor | undefined {
    const entry = this.#waiting.get(eventId);
    if (!entry || this.#stopped) return undefined;
    this.#waiting.delete(eventId);
    const actor = createOutboxEntryActor(this.#machine, { persisted: entry });
    this.#running.set(eventId, actor);
    let state = String(actor.getSnapshot().value);
    const subscription = actor.subscribe((snapshot) => {
      const next = String(snapshot.value);
      const worked = state === 'generating' || state === 'delivering';
      if (state === 'generating' && next !== 'generating') this.#scheduler.finished(eventId);
      if (state === 'delivering' && next !== 'delivering') this.#deliveries.finished(eventId);
      state = next;
      if (snapshot.status === 'done') {
        this.#running.delete(eventId);
        void this.#persist(this.#store.remove(eventId), `outbox entry ${eventId}`);
        return;
      }
      const persisted = persistOutboxEntry(actor);
      void this.#persist(this.#store.saveSnapshot(eventId, persisted), `outbox entry ${eventId}`);
      if (worked && WAITING_STATES.has(next)) {
        // Back to waiting (generated, or a failed try): the machine stops, the snapshot stays.
        subscription.unsubscribe();
        this.#running.delete(eventId);
        queueMicrotask(() => actor.stop());
        this.#park(persisted);
      }
    });
    actor.start();
    return actor;
  }

  async #persist(write: Promise<void>, what: string): Promise<void> {
    try {
      await write;
    } catch (error) {
      this.#logger.error(`could not persist ${what}: ${(error as Error).message}`);
    }
  }

  async #recover(eventId: string): Promise<void> {
    try {
      await this.#adoptOrphan(await this.#store.readPayload(eventId));
    } catch (error) {
      this.#logger.error(`outbox entry ${eventId} cannot be recovered: ${(error as Error).message}`);
    }
  }

  /** A payload the outbox does not name: start it afresh (a stored brief is reused, not regenerated). */
  async #adoptOrphan(payload: EntryPayload): Promise<void> {
    const acceptedAt = Date.parse(payload.occurredAt) || Date.now();
    const persisted = newPersistedOutboxEntry({
      eventId: payload.eventId,
      source: payload.source,
      acceptedAt,
    });
    this.#logger.warn(`recovered report ${payload.eventId} from its payload file`);
    await this.#store.add(payload, persisted);
    if (!this.#stopped) this.#park(persisted);
  }
}
