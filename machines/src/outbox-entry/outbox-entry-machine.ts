import { assign, fromPromise, setup } from 'xstate';
import { classifyDelivery, type DeliveryAttempt, type DeliveryResult, isNotReady } from './classify-delivery';

export type OutboxEntrySource = 'claude-code' | 'codex' | 'tracker';

/**
 * States an entry is persisted and restored in: where it waits or how it ended. `generating`
 * and `delivering` are passing: an entry caught in one resumes from the state before it.
 */
export type ResumableState = 'stored' | 'generated' | 'delivered' | 'dropped';

export interface OutboxEntryInput {
  eventId: string;
  source: OutboxEntrySource;
  acceptedAt: number;
}

/** Plain JSON, so the snapshot persists as is. No report text: that lives in the host's files. */
export interface OutboxEntryContext {
  schemaVersion: 1;
  eventId: string;
  source: OutboxEntrySource;
  acceptedAt: number;
  deliveryAttempts: number;
  lastError: string | null;
}

export type OutboxEntryEvent =
  /** The host's scheduler gives this entry a generation slot. */
  | { type: 'GENERATE' }
  /**
   * The host gives this entry a delivery slot: the relay is believed reachable, or this entry
   * carries the shared probe that checks whether it is back.
   */
  | { type: 'DELIVER' };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One report's way through the outbox: stored → generating → generated → delivering →
 * delivered | dropped. An entry never waits on a timer of its own: thousands may wait for one
 * relay, so the host holds one shared backoff (`deliveryGateMachine`) and sends `DELIVER` in
 * arrival order when it lets deliveries go. What each attempt taught about the relay is
 * reported through the `relay*` actions, which the host forwards to that gate.
 */
export const outboxEntryMachine = setup({
  types: {} as { context: OutboxEntryContext; events: OutboxEntryEvent; input: OutboxEntryInput },
  actors: {
    generateBrief: fromPromise<void, { eventId: string }>(async () => {
      throw new Error('generateBrief is provided by the host');
    }),
    deliver: fromPromise<DeliveryAttempt, { eventId: string; attempt: number }>(async () => {
      throw new Error('deliver is provided by the host');
    }),
  },
  actions: {
    reportDropped: () => {},
    releaseEntry: () => {},
    /** The relay answered (delivered, duplicate or refused): it is reachable. */
    relayAnswered: () => {},
    /** Network error, 5xx or 429: back off for every entry, not just this one. */
    relayUnreachable: (_, _params: { reason: string }) => {},
    /** Not logged in or no key: nothing was sent. */
    relayNotReady: (_, _params: { reason: string }) => {},
    recordNotReady: assign((_, params: { reason: string }) => ({ lastError: params.reason })),
    recordGenerationFailure: assign((_, params: { failure: string }) => ({ lastError: params.failure })),
    recordFailure: assign(({ context }, params: { failure: string }) => ({
      deliveryAttempts: context.deliveryAttempts + 1,
      lastError: params.failure,
    })),
    recordRefusal: assign(({ context }, params: { result: DeliveryResult }) => ({
      deliveryAttempts: context.deliveryAttempts + 1,
      lastError: `relay refused with ${params.result.httpStatus}${params.result.errorCode ? ` ${params.result.errorCode}` : ''}`,
    })),
    recordDelivery: assign(({ context }) => ({ deliveryAttempts: context.deliveryAttempts + 1 })),
  },
  guards: {
    isNotReady: (_, params: { result: DeliveryAttempt }) => isNotReady(params.result),
    isDelivered: (_, params: { result: DeliveryAttempt }) =>
      !isNotReady(params.result) && classifyDelivery(params.result) === 'delivered',
    isRetryable: (_, params: { result: DeliveryAttempt }) =>
      !isNotReady(params.result) && classifyDelivery(params.result) === 'retry',
  },
}).createMachine({
  id: 'outboxEntry',
  context: ({ input }) => ({
    schemaVersion: 1,
    eventId: input.eventId,
    source: input.source,
    acceptedAt: input.acceptedAt,
    deliveryAttempts: 0,
    lastError: null,
  }),
  // A restart restores the persisted snapshot (`createActor(machine, { snapshot })`) instead.
  initial: 'stored',
  states: {
    stored: { on: { GENERATE: 'generating' } },
    generating: {
      invoke: {
        src: 'generateBrief',
        input: ({ context }) => ({ eventId: context.eventId }),
        onDone: 'generated',
        onError: {
          target: 'stored',
          actions: {
            type: 'recordGenerationFailure',
            params: ({ event }) => ({ failure: describe(event.error) }),
          },
        },
      },
    },
    // The brief is stored: from here on it is only ever delivered, never regenerated. Waits,
    // with no timer, for the host's delivery slot; a failed attempt comes back here.
    generated: { on: { DELIVER: 'delivering' } },
    delivering: {
      invoke: {
        src: 'deliver',
        input: ({ context }) => ({ eventId: context.eventId, attempt: context.deliveryAttempts + 1 }),
        onDone: [
          {
            guard: { type: 'isNotReady', params: ({ event }) => ({ result: event.output }) },
            target: 'generated',
            actions: [
              {
                type: 'recordNotReady',
                params: ({ event }) => ({ reason: isNotReady(event.output) ? event.output.notReady : '' }),
              },
              {
                type: 'relayNotReady',
                params: ({ event }) => ({ reason: isNotReady(event.output) ? event.output.notReady : '' }),
              },
            ],
          },
          {
            guard: { type: 'isDelivered', params: ({ event }) => ({ result: event.output }) },
            target: 'delivered',
            actions: ['recordDelivery', 'relayAnswered'],
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ result: event.output }) },
            target: 'generated',
            actions: [
              {
                type: 'recordFailure',
                // The isNotReady guard above has taken every not-ready attempt.
                params: ({ event }) => ({
                  failure: `relay answered ${(event.output as DeliveryResult).httpStatus}`,
                }),
              },
              {
                type: 'relayUnreachable',
                params: ({ event }) => ({
                  reason: `relay answered ${(event.output as DeliveryResult).httpStatus}`,
                }),
              },
            ],
          },
          {
            target: 'dropped',
            actions: [
              { type: 'recordRefusal', params: ({ event }) => ({ result: event.output as DeliveryResult }) },
              'relayAnswered',
              'reportDropped',
            ],
          },
        ],
        onError: {
          target: 'generated',
          actions: [
            { type: 'recordFailure', params: ({ event }) => ({ failure: describe(event.error) }) },
            { type: 'relayUnreachable', params: ({ event }) => ({ reason: describe(event.error) }) },
          ],
        },
      },
    },
    delivered: { type: 'final', entry: 'releaseEntry' },
    dropped: { type: 'final', entry: 'releaseEntry' },
  },
});
