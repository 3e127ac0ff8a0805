import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { DeliveryAttempt } from './classify-delivery';
import { outboxEntryMachine } from './outbox-entry-machine';
import {
  createOutboxEntryActor,
  newPersistedOutboxEntry,
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
      relayAnswered: () => void calls.push('relay answered'),
      relayUnreachable: (_, params) => void calls.push(`unreachable ${params.reason}`),
      relayNotReady: (_, params) => void calls.push(`not ready ${params.reason}`),
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
  it('waits in stored until given a generation slot, then for a delivery slot, then delivers', async () => {
    const { machine, calls } = harness();
    actor = createOutboxEntryActor(machine, { input }).start();
    expect(actor.getSnapshot().value).toBe('stored');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toEqual([]);

    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1']);
    expect(actor.getSnapshot().value).toBe('generated');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toEqual(['generate e1']);

    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'relay answered', 'release']);
    expect(actor.getSnapshot().value).toBe('delivered');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('hands network errors, 5xx and 429 to the shared backoff, with no timer of its own', async () => {
    const { machine, calls } = harness([
      'network_error',
      { httpStatus: 503 },
      { httpStatus: 429 },
      { httpStatus: 500 },
    ]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('generated');
    expect(actor.getSnapshot().context).toMatchObject({ deliveryAttempts: 1 });
    expect(actor.getSnapshot().context.lastError).toContain('ECONNREFUSED');
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls.filter((c) => c.startsWith('deliver'))).toHaveLength(1);

    for (let attempt = 0; attempt < 4; attempt += 1) {
      actor.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(calls).toEqual([
      'generate e1',
      'deliver e1 #1',
      'unreachable connect ECONNREFUSED',
      'deliver e1 #2',
      'unreachable relay answered 503',
      'deliver e1 #3',
      'unreachable relay answered 429',
      'deliver e1 #4',
      'unreachable relay answered 500',
      'deliver e1 #5',
      'relay answered',
      'release',
    ]);
  });

  it('counts 409 duplicate_task as delivered', async () => {
    const { machine, calls } = harness([{ httpStatus: 409, errorCode: 'duplicate_task' }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DELIVER' });
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
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(actor.getSnapshot().value).toBe('dropped');
      expect(calls).toEqual([
        'generate e1',
        'deliver e1 #1',
        // The relay answered: a refusal of one report says nothing against the others.
        'relay answered',
        `dropped relay refused with ${status} invalid_request`,
        'release',
      ]);
    },
  );

  it('never regenerates a generated brief when delivery fails', async () => {
    const { machine, calls } = harness(['network_error', 'network_error', { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      actor.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
      if (actor.getSnapshot().status === 'active') actor.send({ type: 'GENERATE' });
    }
    expect(calls.filter((c) => c.startsWith('generate'))).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('ignores GENERATE outside stored and DELIVER outside generated', async () => {
    const { machine } = harness(['network_error']);
    actor = createOutboxEntryActor(machine, { input }).start();
    expect(actor.getSnapshot().can({ type: 'DELIVER' })).toBe(false);
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('generated');
    expect(actor.getSnapshot().can({ type: 'GENERATE' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'DELIVER' })).toBe(true);
  });

  it('waits for the host, with no timer, while delivery is not possible yet', async () => {
    const { machine, calls } = harness([{ notReady: 'not logged in to a relay yet' }, { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('generated');
    expect(actor.getSnapshot().context).toMatchObject({
      deliveryAttempts: 0,
      lastError: 'not logged in to a relay yet',
    });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'not ready not logged in to a relay yet']);

    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.slice(3)).toEqual(['deliver e1 #1', 'relay answered', 'release']);
    expect(actor.getSnapshot().value).toBe('delivered');
  });

  it('restores an entry that could not deliver yet as generated, waiting for its slot', async () => {
    const { machine, calls } = harness([{ notReady: 'no end-to-end key is set' }, { httpStatus: 201 }]);
    actor = createOutboxEntryActor(machine, { input }).start();
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    const persisted = persistOutboxEntry(actor);
    actor.stop();
    actor = createOutboxEntryActor(machine, { persisted }).start();
    expect(actor.getSnapshot().value).toBe('generated');
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.filter((c) => c.startsWith('deliver'))).toEqual(['deliver e1 #1', 'deliver e1 #1']);
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
    expect(atStored.value).toBe('stored');

    const { machine: hanging } = harness();
    const delivering = createOutboxEntryActor(
      hanging.provide({
        actors: {
          deliver: fromPromise<DeliveryAttempt, { eventId: string; attempt: number }>(
            () => new Promise(() => undefined),
          ),
        },
      }),
      { input },
    ).start();
    delivering.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    const atGenerated = persistOutboxEntry(delivering);
    delivering.send({ type: 'DELIVER' });
    expect(delivering.getSnapshot().value).toBe('delivering');
    expect(persistOutboxEntry(delivering)).toEqual(atGenerated);
    expect(atGenerated.value).toBe('generated');
    delivering.stop();
  });

  it('knows a new entry’s persisted form without starting its machine', () => {
    const { machine } = harness();
    actor = createOutboxEntryActor(machine, { input });
    expect(newPersistedOutboxEntry(input)).toEqual(persistOutboxEntry(actor));
  });

  it('stores the machine’s own persisted snapshot and restores it with createActor', async () => {
    const persisted = await persistedAt(['network_error'], async (a) => {
      a.send({ type: 'GENERATE' });
      await vi.advanceTimersByTimeAsync(0);
      a.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
      // Resting in generated, the machine's snapshot is stored as it is.
      expect(JSON.parse(JSON.stringify(a.getPersistedSnapshot()))).toEqual(
        JSON.parse(JSON.stringify(persistOutboxEntry(a))),
      );
    });
    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, { persisted }).start();
    expect(actor.getSnapshot().value).toBe('generated');
    expect(actor.getSnapshot().context).toMatchObject({ deliveryAttempts: 1 });
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deliver e1 #2', 'relay answered', 'release']);
  });

  it('restores a snapshot caught generating as stored, and one caught delivering as generated', async () => {
    const hanging = outboxEntryMachine.provide({
      actors: {
        generateBrief: fromPromise<void, { eventId: string }>(() => new Promise(() => undefined)),
      },
    });
    const generating = createOutboxEntryActor(hanging, { input }).start();
    generating.send({ type: 'GENERATE' });
    const caughtGenerating = JSON.parse(JSON.stringify(generating.getPersistedSnapshot()));
    generating.stop();
    expect(caughtGenerating).toMatchObject({
      value: 'generating',
      children: { '0.outboxEntry.generating': {} },
    });

    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, { persisted: caughtGenerating }).start();
    await vi.advanceTimersByTimeAsync(0);
    // Back to stored, waiting for its slot: the interrupted generation does not run on its own.
    expect(actor.getSnapshot().value).toBe('stored');
    expect(calls).toEqual([]);
    actor.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('generated');
    actor.send({ type: 'DELIVER' });
    const caughtDelivering = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    await vi.advanceTimersByTimeAsync(0);
    expect(caughtDelivering.value).toBe('delivering');

    const again = harness();
    const restored = createOutboxEntryActor(again.machine, { persisted: caughtDelivering }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(restored.getSnapshot().value).toBe('generated');
    expect(again.calls).toEqual([]);
    restored.stop();
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
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['generate e1', 'deliver e1 #1', 'relay answered', 'release']);
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
      expect(restored.getSnapshot().value).toBe('generated');
      restored.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(['deliver e1 #3', 'relay answered', 'release']);
      restored.stop();
    }
  });

  it('keeps what an attempt taught across a restart: the count and the last error', async () => {
    const persisted = await persistedAt(['network_error', { httpStatus: 503 }], async (a) => {
      a.send({ type: 'GENERATE' });
      await vi.advanceTimersByTimeAsync(0);
      a.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
      a.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(persisted).toEqual({
      status: 'active',
      value: 'generated',
      historyValue: {},
      children: {},
      context: {
        schemaVersion: 1,
        eventId: 'e1',
        source: 'claude-code',
        acceptedAt: 1,
        deliveryAttempts: 2,
        lastError: 'relay answered 503',
      },
    });
    const { calls, machine } = harness();
    actor = createOutboxEntryActor(machine, { persisted }).start();
    actor.send({ type: 'DELIVER' });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['deliver e1 #3', 'relay answered', 'release']);
  });

  it.each([
    ['waitingToRetry', Date.now() + 60_000],
    ['awaitingRelay', null],
  ])(
    'restores an entry an earlier version saved as %s as waiting for its delivery slot',
    async (state, at) => {
      const { calls, machine } = harness();
      actor = createOutboxEntryActor(machine, {
        persisted: {
          schemaVersion: 1,
          state,
          eventId: 'e1',
          source: 'claude-code',
          acceptedAt: 1,
          deliveryAttempts: 4,
          nextAttemptAt: at,
          lastError: 'x',
        },
      }).start();
      expect(actor.getSnapshot().value).toBe('generated');
      expect(vi.getTimerCount()).toBe(0);
      actor.send({ type: 'DELIVER' });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls).toEqual(['deliver e1 #5', 'relay answered', 'release']);
    },
  );

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
