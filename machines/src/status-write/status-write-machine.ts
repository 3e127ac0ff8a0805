import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { WrittenCallStatus } from '../call-queue/call-queue-types';
import type { StatusWriteContext, StatusWriteInput, StatusWriteResult } from './status-write-types';

/** First retry after 1 s: a dropped request heals quickly, and other devices are still ringing. */
export const STATUS_RETRY_BASE_MS = 1_000;
/** Never more than 30 s apart: a call rings for 45 s, so the others learn of an answer in time. */
export const STATUS_RETRY_MAX_MS = 30_000;

/** 1 s doubling to 30 s. The host adds its jitter by providing the `retryDelay` delay. */
export function statusRetryDelayMs(failures: number): number {
  return Math.min(STATUS_RETRY_MAX_MS, STATUS_RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * One call's status writes to the relay, in order, each retried until the relay confirms it:
 * the other devices of the account stop ringing only once the relay knows. Each write's answer
 * goes to the parent (the call queue): `status.written`, `call.taken` (another device was first)
 * or `status.gone` (the relay no longer knows the call). The host provides `postStatus`.
 */
export const statusWriteMachine = setup({
  types: {} as { context: StatusWriteContext; input: StatusWriteInput },
  actors: {
    postStatus: fromPromise<StatusWriteResult, { eventId: string; status: WrittenCallStatus }>(async () => {
      throw new Error('postStatus is provided by the host');
    }),
  },
  actions: {
    reportWritten: sendParent(({ context }) => ({
      type: 'status.written',
      eventId: context.eventId,
      status: context.statuses[0],
    })),
    nextStatus: assign(({ context }) => ({
      statuses: context.statuses.slice(1),
      failures: 0,
      lastError: null,
    })),
    recordFailure: assign(({ context }, params: { error: string }) => ({
      failures: context.failures + 1,
      lastError: params.error,
    })),
  },
  guards: {
    taken: (_, params: { result: StatusWriteResult }) => params.result.outcome === 'taken',
    /** 404, 401 and 403 are final: writing again would never be taken. */
    gone: (_, params: { result: StatusWriteResult }) =>
      params.result.outcome === 'gone' || params.result.outcome === 'refused',
    moreToWrite: ({ context }) => context.statuses.length > 0,
  },
  delays: {
    retryDelay: ({ context }) => statusRetryDelayMs(context.failures),
  },
}).createMachine({
  id: 'statusWrite',
  context: ({ input }) => ({ ...input, failures: 0, lastError: null }),
  initial: 'next',
  states: {
    next: { always: [{ guard: 'moreToWrite', target: 'writing' }, { target: 'done' }] },
    writing: {
      invoke: {
        src: 'postStatus',
        input: ({ context }) => ({ eventId: context.eventId, status: context.statuses[0] ?? 'answered' }),
        onDone: [
          {
            guard: { type: 'taken', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: sendParent(({ context, event }) => {
              const output = event.output;
              const taken = output.outcome === 'taken' ? output : null;
              return {
                type: 'call.taken',
                eventId: context.eventId,
                by: taken?.by ?? { deviceId: '', name: '' },
                ...(taken?.status ? { status: taken.status } : {}),
              };
            }),
          },
          {
            guard: { type: 'gone', params: ({ event }) => ({ result: event.output }) },
            target: 'done',
            actions: sendParent(({ context }) => ({ type: 'status.gone', eventId: context.eventId })),
          },
          { target: 'next', actions: ['reportWritten', 'nextStatus'] },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'recordFailure', params: ({ event }) => ({ error: describe(event.error) }) },
        },
      },
    },
    /** The write failed (network, timeout, 5xx): tried again after the retry delay. */
    failed: { after: { retryDelay: 'writing' } },
    done: { type: 'final' },
  },
});
