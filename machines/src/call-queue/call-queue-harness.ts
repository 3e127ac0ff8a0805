import { fromPromise } from 'xstate';
import { statusWriteMachine } from '../status-write/status-write-machine';
import type { StatusWriteResult } from '../status-write/status-write-types';
import { callQueueMachine } from './call-queue-machine';
import { type CallQueueActor, startCallQueue } from './call-queue-persistence';
import type { CallQueueInput, IncomingReport, IssuePriority, WrittenCallStatus } from './call-queue-types';

/** A fixed clock for tests: 2025-01-01T00:00:00Z. */
export const T0 = Date.UTC(2025, 0, 1);

export function report(
  eventId: string,
  priority: IssuePriority = 'none',
  over: Partial<IncomingReport> = {},
) {
  return { eventId, occurredAt: T0, priority, updatedAt: T0, ...over } satisfies IncomingReport;
}

/**
 * The queue with fakes that record every effect into `log`; speech preparation waits until the
 * test settles it with `prepared` / `preparationFails`. Shared by the call-queue test files.
 */
export function callQueueHarness() {
  const log: string[] = [];
  // What the relay answers each status write; tests change it to fail or take calls.
  let relayAnswer = (_eventId: string, _status: string): Promise<StatusWriteResult> | StatusWriteResult => ({
    outcome: 'written',
  });
  const preparing = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  let persists = 0;
  const machine = callQueueMachine.provide({
    actors: {
      prepareSpeech: fromPromise<void, { eventId: string }>(({ input }) => {
        log.push(`prepare ${input.eventId}`);
        return new Promise((resolve, reject) => preparing.set(input.eventId, { resolve, reject }));
      }),
      writeStatus: statusWriteMachine.provide({
        actors: {
          postStatus: fromPromise<StatusWriteResult, { eventId: string; status: WrittenCallStatus }>(
            async ({ input }) => {
              log.push(`write ${input.eventId} ${input.status}`);
              return relayAnswer(input.eventId, input.status);
            },
          ),
        },
      }),
    },
    actions: {
      startRinging: (_, params) => void log.push(`ring ${params.eventId}`),
      stopRinging: (_, params) => void log.push(`stop ${params.eventId}`),
      persist: () => {
        persists += 1;
      },
    },
  });

  async function settle(eventId: string, error?: Error): Promise<void> {
    const pending = preparing.get(eventId);
    if (!pending) throw new Error(`no preparation of ${eventId} is running`);
    preparing.delete(eventId);
    if (error) pending.reject(error);
    else pending.resolve();
    // Lets the promise actor report back: microtasks only, so no time passes.
    for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
  }

  return {
    machine,
    log,
    persistCount: () => persists,
    start: (input: CallQueueInput = {}): CallQueueActor => startCallQueue(machine, { input, now: T0 }),
    restore: (persisted: unknown, now: number, input?: CallQueueInput): CallQueueActor =>
      startCallQueue(machine, { persisted, now, input }),
    prepared: (eventId: string) => settle(eventId),
    preparationFails: (eventId: string, message: string) => settle(eventId, new Error(message)),
    /** How the relay answers status writes from now on. */
    relayAnswers: (answer: typeof relayAnswer) => {
      relayAnswer = answer;
    },
    /** Clears the log, so a test asserts only what follows. */
    clear: () => void log.splice(0),
  };
}

/** The state of each call, for compact assertions. */
export function statesOf(actor: CallQueueActor): Record<string, string> {
  return Object.fromEntries(
    Object.entries(actor.getSnapshot().context.calls).map(([id, call]) => [id, call.state]),
  );
}

export function receive(
  actor: CallQueueActor,
  incoming: IncomingReport,
  learnedAt = incoming.occurredAt,
): void {
  actor.send({ type: 'report.received', report: incoming, learnedAt });
}
