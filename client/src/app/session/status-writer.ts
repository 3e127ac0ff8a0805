import { statusRetryDelayMs, statusWriteMachine } from '@ringback/machines';
import { fromPromise } from 'xstate';
import type { SessionRelay } from './session-relay';

/** Up to 20 % more, at random: devices that lost the relay together do not retry in lockstep. */
const RETRY_JITTER = 0.2;

/** The queue's status writer with the relay's real effects and the host's randomness. */
export function statusWriterFor(relay: SessionRelay, random: () => number = Math.random) {
  return statusWriteMachine.provide({
    actors: {
      postStatus: fromPromise(({ input }) => relay.postStatus(input.eventId, input.status)),
    },
    delays: {
      retryDelay: ({ context }) =>
        Math.round(statusRetryDelayMs(context.failures) * (1 + RETRY_JITTER * random())),
    },
  });
}
