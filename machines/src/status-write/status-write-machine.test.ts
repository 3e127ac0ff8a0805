import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyEventObject, assign, createActor, fromPromise, setup } from 'xstate';
import type { WrittenCallStatus } from '../call-queue/call-queue-types';
import { STATUS_RETRY_MAX_MS, statusRetryDelayMs, statusWriteMachine } from './status-write-machine';
import type { StatusWriteResult } from './status-write-types';

/** A parent that spawns one writer and records what it reports, as the call queue does. */
function harness(answers: (status: WrittenCallStatus, attempt: number) => StatusWriteResult | Error) {
  const posted: string[] = [];
  const writer = statusWriteMachine.provide({
    actors: {
      postStatus: fromPromise(async ({ input }) => {
        posted.push(input.status);
        const answer = answers(input.status, posted.length);
        if (answer instanceof Error) throw answer;
        return answer;
      }),
    },
  });
  const parent = setup({
    types: {} as { context: { reports: AnyEventObject[] } },
    actors: { writer },
  }).createMachine({
    context: { reports: [] },
    invoke: {
      src: 'writer',
      id: 'writer',
      input: { eventId: 'evt-1', statuses: ['answered', 'completed'] as WrittenCallStatus[] },
    },
    on: { '*': { actions: assign(({ context, event }) => ({ reports: [...context.reports, event] })) } },
  });
  const actor = createActor(parent).start();
  const reports = () =>
    actor.getSnapshot().context.reports.filter((event) => !event.type.startsWith('xstate.'));
  return { actor, posted, reports };
}

const flush = async () => {
  for (let tick = 0; tick < 10; tick += 1) await Promise.resolve();
};

afterEach(() => vi.useRealTimers());

describe('statusWriteMachine', () => {
  it('writes each status in order and reports each one written', async () => {
    const { actor, posted, reports } = harness(() => ({ outcome: 'written' }));
    await flush();
    expect(posted).toEqual(['answered', 'completed']);
    expect(reports()).toEqual([
      { type: 'status.written', eventId: 'evt-1', status: 'answered' },
      { type: 'status.written', eventId: 'evt-1', status: 'completed' },
    ]);
    actor.stop();
  });

  it('retries a failed write until the relay confirms it, waiting longer each time', async () => {
    vi.useFakeTimers();
    const { actor, posted, reports } = harness((_status, attempt) =>
      attempt <= 3 ? new Error('relay unreachable') : { outcome: 'written' },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(posted).toEqual(['answered']);
    await vi.advanceTimersByTimeAsync(statusRetryDelayMs(1));
    expect(posted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(statusRetryDelayMs(2) - 1);
    expect(posted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(posted).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(statusRetryDelayMs(3));
    expect(posted).toEqual(['answered', 'answered', 'answered', 'answered', 'completed']);
    expect(reports().map((event) => event.status)).toEqual(['answered', 'completed']);
    actor.stop();
  });

  it('stops at a call another device took, and says who', async () => {
    const by = { deviceId: 'dev-phone', name: 'Phone' };
    const { actor, posted, reports } = harness(() => ({ outcome: 'taken', by }));
    await flush();
    expect(posted).toEqual(['answered']);
    expect(reports()).toEqual([{ type: 'call.taken', eventId: 'evt-1', by }]);
    actor.stop();
  });

  it('stops at a call the relay no longer knows', async () => {
    const { actor, posted, reports } = harness(() => ({ outcome: 'gone' }));
    await flush();
    expect(posted).toEqual(['answered']);
    expect(reports()).toEqual([{ type: 'status.gone', eventId: 'evt-1' }]);
    actor.stop();
  });

  it('waits at most 30 s between attempts', () => {
    expect([1, 2, 3, 6, 20].map(statusRetryDelayMs)).toEqual([1000, 2000, 4000, 30_000, STATUS_RETRY_MAX_MS]);
  });
});
