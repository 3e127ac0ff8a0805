import { assign, fromPromise, setup } from 'xstate';
import { classifyDelivery, type DeliveryAttempt, type DeliveryResult, isNotReady } from './classify-delivery';
import { retryDelayMs } from './retry-delay';

export type OutboxEntrySource = 'claude-code' | 'codex' | 'tracker';

/** States an entry can be restored into; `generating` and `delivering` resume through these. */
export type ResumableState = 'stored' | 'generated' | 'waitingToRetry' | 'delivered' | 'dropped';

export interface OutboxEntryInput {
  eventId: string;
  source: OutboxEntrySource;
  acceptedAt: number;
  /** Restoring after a restart: where to pick up and what was counted so far. */
  resume?: {
    from: ResumableState;
    deliveryAttempts: number;
    nextAttemptAt: number | null;
    lastError: string | null;
  };
}

/** Plain JSON, so the snapshot persists as is. No report text: that lives in the host's files. */
export interface OutboxEntryContext {
  schemaVersion: 1;
  eventId: string;
  source: OutboxEntrySource;
  acceptedAt: number;
  deliveryAttempts: number;
  /** Epoch ms of the next delivery attempt while waiting; survives restarts. */
  nextAttemptAt: number | null;
  lastError: string | null;
  resumeFrom: ResumableState;
}

export type OutboxEntryEvent =
  /** The host's scheduler gives this entry a generation slot. */
  | { type: 'GENERATE' }
  /** The host learnt delivery can work now (logged in, relay back): skip the backoff wait. */
  | { type: 'RETRY_NOW' };

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

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
    recordNotReady: assign((_, params: { reason: string }) => ({
      nextAttemptAt: null,
      lastError: params.reason,
    })),
    recordGenerationFailure: assign((_, params: { failure: string }) => ({ lastError: params.failure })),
    scheduleRetry: assign(({ context }, params: { failure: string }) => {
      const attempts = context.deliveryAttempts + 1;
      return {
        deliveryAttempts: attempts,
        nextAttemptAt: Date.now() + retryDelayMs(attempts),
        lastError: params.failure,
      };
    }),
    recordRefusal: assign(({ context }, params: { result: DeliveryResult }) => ({
      deliveryAttempts: context.deliveryAttempts + 1,
      nextAttemptAt: null,
      lastError: `relay refused with ${params.result.httpStatus}${params.result.errorCode ? ` ${params.result.errorCode}` : ''}`,
    })),
    recordDelivery: assign(({ context }) => ({
      deliveryAttempts: context.deliveryAttempts + 1,
      nextAttemptAt: null,
    })),
  },
  guards: {
    resumesAt: ({ context }, state: ResumableState) => context.resumeFrom === state,
    isNotReady: (_, params: { result: DeliveryAttempt }) => isNotReady(params.result),
    isDelivered: (_, params: { result: DeliveryAttempt }) =>
      !isNotReady(params.result) && classifyDelivery(params.result) === 'delivered',
    isRetryable: (_, params: { result: DeliveryAttempt }) =>
      !isNotReady(params.result) && classifyDelivery(params.result) === 'retry',
  },
  delays: {
    // From the persisted absolute time, so a restart waits only what is left.
    retryDelay: ({ context }) => Math.max(0, (context.nextAttemptAt ?? 0) - Date.now()),
  },
}).createMachine({
  id: 'outboxEntry',
  context: ({ input }) => ({
    schemaVersion: 1,
    eventId: input.eventId,
    source: input.source,
    acceptedAt: input.acceptedAt,
    deliveryAttempts: input.resume?.deliveryAttempts ?? 0,
    nextAttemptAt: input.resume?.nextAttemptAt ?? null,
    lastError: input.resume?.lastError ?? null,
    resumeFrom: input.resume?.from ?? 'stored',
  }),
  initial: 'resuming',
  states: {
    // Restores go through real transitions, so timers are armed and invocations start as live.
    resuming: {
      always: [
        { guard: { type: 'resumesAt', params: 'delivered' }, target: 'delivered' },
        { guard: { type: 'resumesAt', params: 'dropped' }, target: 'dropped' },
        { guard: { type: 'resumesAt', params: 'waitingToRetry' }, target: 'waitingToRetry' },
        { guard: { type: 'resumesAt', params: 'generated' }, target: 'generated' },
        { target: 'stored' },
      ],
    },
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
    // The brief is stored: from here on it is only ever delivered, never regenerated.
    generated: { always: 'delivering' },
    delivering: {
      invoke: {
        src: 'deliver',
        input: ({ context }) => ({ eventId: context.eventId, attempt: context.deliveryAttempts + 1 }),
        onDone: [
          {
            guard: { type: 'isNotReady', params: ({ event }) => ({ result: event.output }) },
            target: 'awaitingRelay',
            actions: {
              type: 'recordNotReady',
              params: ({ event }) => ({ reason: isNotReady(event.output) ? event.output.notReady : '' }),
            },
          },
          {
            guard: { type: 'isDelivered', params: ({ event }) => ({ result: event.output }) },
            target: 'delivered',
            actions: 'recordDelivery',
          },
          {
            guard: { type: 'isRetryable', params: ({ event }) => ({ result: event.output }) },
            target: 'waitingToRetry',
            actions: {
              type: 'scheduleRetry',
              // The isNotReady guard above has taken every not-ready attempt.
              params: ({ event }) => ({
                failure: `relay answered ${(event.output as DeliveryResult).httpStatus}`,
              }),
            },
          },
          {
            target: 'dropped',
            actions: [
              { type: 'recordRefusal', params: ({ event }) => ({ result: event.output as DeliveryResult }) },
              'reportDropped',
            ],
          },
        ],
        onError: {
          target: 'waitingToRetry',
          actions: { type: 'scheduleRetry', params: ({ event }) => ({ failure: describe(event.error) }) },
        },
      },
    },
    waitingToRetry: {
      after: { retryDelay: 'delivering' },
      on: { RETRY_NOW: 'delivering' },
    },
    // Not logged in or no key yet: no timer per entry (thousands may wait); the host sends
    // RETRY_NOW once delivery can work.
    awaitingRelay: { on: { RETRY_NOW: 'delivering' } },
    delivered: { type: 'final', entry: 'releaseEntry' },
    dropped: { type: 'final', entry: 'releaseEntry' },
  },
});
