import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { DeliveryAttempt } from './classify-delivery';
import { outboxEntryMachine } from './outbox-entry-machine';
import {
  createOutboxEntryActor,
  type OutboxEntryActor,
  persistOutboxEntry,
} from './outbox-entry-persistence';

type Answer = DeliveryAttempt | 'network_error';

/** A machine with fake effects that record what they were asked to do. */
function harness(answers: Answer[] = [{ httpStatus: 201 }]) {
  const calls: string[] = [];
  const machine = outboxEntryMachine.provide({
    actors: {
      generateBrief: fromPromise(async ({ input }: { input: { eventId: string } }) => {
        calls.push(`generate ${input.eventId}`);
      }),
      deliver: fromPromise<DeliveryAttempt, { eventId: string; attempt: number }>(async ({ input }) => {
        calls.push(`deliver ${input.eventId} #${input.attempt}`);
        const answer = answers.shift() ?? { httpStatus: 201 };
        if (answer === 'network_error') throw new Error('connect ECONNREFUSED');
        return answer;
      }),
    },
    actions: {
      reportDropped: ({ context }) => void calls.push(`dropped ${context.lastError}`),
      releaseEntry: () => void calls.push('release'),
    },
  });
  return { machine, calls };
}

const input = { eventId: 'e1', source: 'claude-code' as const, acceptedAt: 1 };
let actor: OutboxEntryActor | undefined;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0);
});
afterEach(() => {
  actor?.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('outboxEntryMachine', () => {
  it('waits in stored until given a generation slot, then generates and delivers', async () => {
    const { machine, calls } = harness();
    actor = createOutboxEntryActor(machine, { input }).start();
    expect(actor.getSnapshot().value).toBe('stored');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([]);

    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'release']);
    expect(actor.getSnapshot().value).toBe('delivered');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('retries network errors, 5xx and 429 with backoff from 1 s doubling, with the same entry', async () => {
    const { machine, calls } = harness([
      'network_error',
      { httpStatus: 503 },
      { httpStatus: 429 },
      { httpStatus: 500 },
    ]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    expect(actor.getSnapshot().context.lastError).toContain('ECONNREFUSED');

    await vi.advanceTimersByTimeAsync(999);
    expect(calls.filter((c) => c.startsWith('deliver'))).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.filter((c) => c.startsWith('deliver'))).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.filter((c) => c.startsWith('deliver'))).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(4000);
    expect(calls.filter((c) => c.startsWith('deliver'))).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(8000);
    expect(calls).toEqual([
      'generate e1',
      'deliver e1 #1',
      'deliver e1 #2',
      'deliver e1 #3',
      'deliver e1 #4',
      'deliver e1 #5',
      'release',
    ]);
  });

  it('caps the wait at 5 minutes', async () => {
    const { machine, calls } = harness(Array.from({ length: 12 }, () => ({ httpStatus: 502 })));
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000 + 32000 + 64000 + 128000 + 256000);
    const before = calls.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000 - 1);
    expect(calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.length).toBe(before + 1);
  });

  it('counts 409 duplicate_task as delivered', async () => {
    const { machine, calls } = harness([{ httpStatus: 409, errorCode: 'duplicate_task' }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('delivered');
    expect(calls).not.toContainEqual(expect.stringMatching(/^dropped/));
  });

  it.each([400, 401, 404, 413, 409])(
    'drops a report the relay refuses with %i, and reports it',
    async (status) => {
      const { machine, calls } = harness([{ httpStatus: status, errorCode: 'invalid_request' }]);
      actor = createOutboxEntryActor(machine, { input }).start();
      actor.send({ type: 'GENERATE' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().value).toBe('dropped');
      expect(calls).toEqual([
        'generate e1',
        'deliver e1 #1',
        `dropped relay refused with ${status} invalid_request`,
        'release',
      ]);
    },
  );

  it('never regenerates a generated brief when delivery fails', async () => {
    const { machine, calls } = harness(['network_error', 'network_error', { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.filter((c) => c.startsWith('generate'))).toHaveLength(1);
    actor.send({ type: 'GENERATE' });
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('ignores GENERATE outside stored and RETRY_NOW outside waitingToRetry', async () => {
    const { machine } = harness(['network_error']);
    actor = createOutboxEntryActor(machine, { input }).start();
    expect(actor.getSnapshot().can({ type: 'RETRY_NOW' })).toBe(false);
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    expect(actor.getSnapshot().can({ type: 'GENERATE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'RETRY_NOW' })).toBe(true);
  });

  it('waits for the host, with no timer, while delivery is not possible yet', async () => {
    const { machine, calls } = harness([{ notReady: 'not logged in to a relay yet' }, { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('awaitingRelay');
    expect(actor.getSnapshot().context).toMatchObject({
      deliveryAttempts: 0,
      nextAttemptAt: null,
      lastError: 'not logged in to a relay yet',
    });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1']);

    actor.send({ type: 'RETRY_NOW' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'deliver e1 #1', 'release']);
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('restores an entry awaiting a relay as generated, so it checks again on start', async () => {
    const { machine, calls } = harness([{ notReady: 'no end-to-end key is set' }, { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    const persisted = persistOutboxEntry(actor);
    actor.stop();
    actor = createOutboxEntryActor(machine, { persisted }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'deliver e1 #1', 'release']);
  });

  it('skips the wait on RETRY_NOW', async () => {
    const { machine, calls } = harness(['network_error', { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'RETRY_NOW' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toContain('deliver e1 #2');
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('goes back to stored when generation fails unexpectedly', async () => {
    const machine = outboxEntryMachine.provide({
      actors: {
        generateBrief: fromPromise<void, { eventId: string }>(async () => {
          throw new Error('ENOSPC: no space left on device');
        }),
      },
    });
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('stored');
    expect(actor.getSnapshot().context.lastError).toContain('ENOSPC');
  });
});

describe('restoring a persisted entry', () => {
  async function persistedAt(answers: Answer[], steps: (a: OutboxEntryActor) => Promise<void>) {
    const { machine } = harness(answers);
    const first = createOutboxEntryActor(machine, { input }).start();
    await steps(first);
    const persisted = JSON.parse(JSON.stringify(persistOutboxEntry(first)));
    first.stop();
    return persisted;
  }

  it('persists the point an entry resumes from, so passing states cost no write', async () => {
    const machine = outboxEntryMachine.provide({
      actors: {
        generateBrief: fromPromise<void, { eventId: string }>(() => new Promise(() => undefined)),
      },
    });
    actor = createOutboxEntryActor(machine, { input }).start();
    const atStored = persistOutboxEntry(actor);
    actor.send({ type: 'GENERATE' });
    expect(actor.getSnapshot().value).toBe('generating');
    expect(persistOutboxEntry(actor)).toEqual(atStored);
    expect(atStored.state).toBe('stored');

    const { machine: notReady } = harness([{ notReady: 'not logged in to a relay yet' }]);
    const waiting = createOutboxEntryActor(notReady, { input }).start();
    waiting.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.getSnapshot().value).toBe('awaitingRelay');
    expect(persistOutboxEntry(waiting)).toMatchObject({
      state: 'generated',
      lastError: 'not logged in to a relay yet',
    });
    waiting.stop();
  });

  it('generates again when it was caught generating', async () => {
    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, {
      persisted: {
        schemaVersion: 1,
        state: 'generating',
        eventId: 'e1',
        source: 'codex',
        acceptedAt: 1,
        deliveryAttempts: 0,
        nextAttemptAt: null,
        lastError: null,
      },
    }).start();
    expect(actor.getSnapshot().value).toBe('stored');
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'release']);
  });

  it('delivers again without regenerating when it was generated or delivering', async () => {
    for (const state of ['generated', 'delivering']) {
      const { calls, machine } = harness();
      const restored = createOutboxEntryActor(machine, {
        persisted: {
          schemaVersion: 1,
          state,
          eventId: 'e1',
          source: 'codex',
          acceptedAt: 1,
          deliveryAttempts: 2,
          nextAttemptAt: null,
          lastError: 'x',
        },
      }).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(['deliver e1 #3', 'release']);
      restored.stop();
    }
  });

  it('waits only the time left of its backoff', async () => {
    const persisted = await persistedAt(['network_error', 'network_error', 'network_error'], async (a) => {
      a.send({ type: 'GENERATE' });
      await vi.advanceTimersByTimeAsync(0); // attempt 1 failed: waits 1 s
      await vi.advanceTimersByTimeAsync(1000); // attempt 2 failed: waits 2 s
      await vi.advanceTimersByTimeAsync(1500); // 0.5 s left when the daemon stops
    });
    expect(persisted).toMatchObject({ state: 'waitingToRetry', deliveryAttempts: 2 });

    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, { persisted }).start();
    expect(actor.getSnapshot().value).toBe('waitingToRetry');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['deliver e1 #3', 'release']);
  });

  it('delivers at once when its retry time passed while the daemon was down', async () => {
    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, {
      persisted: {
        schemaVersion: 1,
        state: 'waitingToRetry',
        eventId: 'e1',
        source: 'claude-code',
        acceptedAt: 1,
        deliveryAttempts: 4,
        nextAttemptAt: Date.now() - 60_000,
        lastError: 'x',
      },
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deliver e1 #5', 'release']);
  });

  it.each([
    [null],
    [{ schemaVersion: 2, state: 'stored' }],
    [
      {
        schemaVersion: 1,
        state: 'teleporting',
        eventId: 'e',
        source: 'codex',
        acceptedAt: 1,
        deliveryAttempts: 0,
        nextAttemptAt: null,
      },
    ],
    [
      {
        schemaVersion: 1,
        state: 'stored',
        eventId: 'e',
        source: 'vim',
        acceptedAt: 1,
        deliveryAttempts: 0,
        nextAttemptAt: null,
      },
    ],
  ])('rejects a snapshot it cannot trust: %j', (persisted) => {
    const { machine } = harness();
    expect(() => createOutboxEntryActor(machine, { persisted })).toThrow();
  });
});
