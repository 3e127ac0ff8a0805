import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeliveryAttempt } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { DATA_FILES } from '../config/data-dir';
import { createMemoryLogger } from '../log/logger';
import type { EntryEffects } from './entry-effects';
import type { EntryPayload } from './entry-payload';
import { outboxLogPaths } from './outbox-log';
import { OutboxStore } from './outbox-store';
import { OutboxWorker } from './outbox-worker';
import { readOutboxState } from './read-outbox-state';

function payload(n: number): EntryPayload {
  return {
    version: 1,
    eventId: `0190a000-0000-7000-8000-${n.toString(16).padStart(12, '0')}`,
    source: 'codex',
    occurredAt: new Date(1_700_000_000_000 + n).toISOString(),
    report: { source: 'codex', sessionId: `s-${n}`, cwd: '/work/app', text: `report ${n}` },
  };
}

/** Effects that record each call; generation finishes at once, deliveries hang (a slow relay). */
function recordingEffects() {
  const calls: string[] = [];
  const effects: EntryEffects = {
    generate: async (eventId) => void calls.push(`generate ${eventId}`),
    deliver: (eventId) => {
      calls.push(`deliver ${eventId}`);
      return new Promise<DeliveryAttempt>(() => undefined);
    },
  };
  return { calls, effects };
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 20_000) throw new Error('condition not met');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function storedEntries(dataDir: string): Promise<Map<string, unknown>> {
  const paths = outboxLogPaths(join(dataDir, DATA_FILES.outbox), join(dataDir, DATA_FILES.outboxJournal));
  return (await readOutboxState(paths, createMemoryLogger())).entries;
}

describe('OutboxWorker', () => {
  it('keeps each entry as its machine’s persisted snapshot, one caught working as where it resumes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-worker-'));
    const opened = await OutboxStore.open(dataDir, createMemoryLogger());
    const { calls, effects } = recordingEffects();
    const worker = new OutboxWorker({ store: opened.store, effects, logger: createMemoryLogger() });
    worker.start(opened);
    await worker.accept({
      source: 'claude-code',
      session_id: 's-1',
      cwd: '/work/app',
      last_assistant_message: 'All tests pass.',
    });
    await waitUntil(() => calls.some((call) => call.startsWith('deliver')));
    await worker.stop();

    const [[eventId, snapshot]] = [...(await storedEntries(dataDir))] as [[string, unknown]];
    expect(calls).toEqual([`generate ${eventId}`, `deliver ${eventId}`]);
    // Caught delivering: stored as generated, the state it resumes from, with no invocation.
    expect(snapshot).toEqual({
      status: 'active',
      value: 'generated',
      historyValue: {},
      children: {},
      context: {
        schemaVersion: 1,
        eventId,
        source: 'claude-code',
        acceptedAt: expect.any(Number),
        deliveryAttempts: 0,
        lastError: null,
      },
    });
  });

  it('loads an outbox of earlier versions’ flat records, resumes each where it stood, and stores snapshots', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-worker-'));
    const before = await OutboxStore.open(dataDir, createMemoryLogger());
    const [caughtGenerating, generated] = [payload(1), payload(2)];
    const flat = (
      entry: EntryPayload,
      state: string,
      deliveryAttempts: number,
      lastError: string | null,
    ) => ({
      schemaVersion: 1,
      state,
      eventId: entry.eventId,
      source: 'codex',
      acceptedAt: Date.parse(entry.occurredAt),
      deliveryAttempts,
      lastError,
    });
    await before.store.add(caughtGenerating, flat(caughtGenerating, 'generating', 0, null));
    await before.store.add(generated, flat(generated, 'generated', 2, 'relay answered 503'));
    // More than the 8 delivery slots: these wait, untouched by any machine, as they were read.
    const waiting = Array.from({ length: 8 }, (_, n) => payload(3 + n));
    for (const entry of waiting) await before.store.add(entry, flat(entry, 'generated', 1, 'x'));
    await before.store.close();

    const opened = await OutboxStore.open(dataDir, createMemoryLogger());
    const { calls, effects } = recordingEffects();
    const logger = createMemoryLogger();
    const worker = new OutboxWorker({ store: opened.store, effects, logger });
    worker.start(opened);
    await waitUntil(() => calls.filter((call) => call.startsWith('deliver')).length === 8);
    await worker.stop();

    // The one caught generating generates again; the generated one is only delivered.
    expect(calls.filter((call) => call.startsWith('generate'))).toEqual([
      `generate ${caughtGenerating.eventId}`,
    ]);
    expect(logger.lines.filter((line) => line.startsWith('error'))).toEqual([]);
    const entries = await storedEntries(dataDir);
    expect(entries.size).toBe(10);
    for (const snapshot of entries.values())
      expect(snapshot).toMatchObject({ status: 'active', value: 'generated', context: { schemaVersion: 1 } });
    expect(entries.get(generated.eventId)).toEqual({
      status: 'active',
      value: 'generated',
      historyValue: {},
      children: {},
      context: {
        schemaVersion: 1,
        eventId: generated.eventId,
        source: 'codex',
        acceptedAt: Date.parse(generated.occurredAt),
        deliveryAttempts: 2,
        lastError: 'relay answered 503',
      },
    });
    expect(entries.get(caughtGenerating.eventId)).toMatchObject({
      status: 'active',
      value: 'generated',
      context: { eventId: caughtGenerating.eventId, deliveryAttempts: 0 },
    });
  });

  it('backs off no longer than the longest step it is given (RINGBACK_DELIVERY_RETRY_MAX_MS)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'ringback-worker-'));
    const opened = await OutboxStore.open(dataDir, createMemoryLogger());
    // The relay answers 503 three times; the fourth attempt hangs, so the third backoff stays saved.
    const answered: number[] = [];
    const effects: EntryEffects = {
      generate: async () => undefined,
      deliver: () => {
        if (answered.length === 3) return new Promise<DeliveryAttempt>(() => undefined);
        answered.push(Date.now());
        return Promise.resolve({ httpStatus: 503 });
      },
    };
    const worker = new OutboxWorker({
      store: opened.store,
      effects,
      logger: createMemoryLogger(),
      maxDeliveryRetryMs: 1000,
    });
    worker.start(opened);
    await worker.accept({
      source: 'codex',
      session_id: 's-1',
      cwd: '/work/app',
      last_assistant_message: 'Done.',
    });
    await waitUntil(() => answered.length === 3 && worker.counts().delivering === 1);
    await worker.stop();

    const paths = outboxLogPaths(join(dataDir, DATA_FILES.outbox), join(dataDir, DATA_FILES.outboxJournal));
    const { delivery } = await readOutboxState(paths, createMemoryLogger());
    expect(delivery).toMatchObject({ failures: 3, lastError: expect.stringContaining('503') });
    // The third step is 4 s (up to 4.8 s) at the default cap: here it was at most 1 s after the
    // third 503 came back.
    const { nextProbeAt } = delivery as { nextProbeAt: number };
    expect(nextProbeAt - (answered[2] as number)).toBeLessThan(4000);
  });
});
