import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { recordingSleep, type StandInTracker, startStandInTracker } from './stand-in-tracker';
import { createTrackerClient } from './tracker-client';
import { TrackerRequestError } from './tracker-error';
import { sampleIssue, sampleTask } from './tracker-wire-samples';

const WS = '0197a000-0000-7000-8000-000000000001';
const TOKEN = `mul_${'b'.repeat(40)}`;

let tracker: StandInTracker;
afterEach(async () => {
  await tracker?.close();
});

async function setUp(maxBodyBytes?: number) {
  tracker = await startStandInTracker();
  const logger = createMemoryLogger();
  const { sleep, delays } = recordingSleep();
  const client = createTrackerClient({
    baseUrl: tracker.url,
    token: TOKEN,
    logger,
    sleep,
    ...(maxBodyBytes !== undefined ? { maxBodyBytes } : {}),
  });
  return { client, logger, delays };
}

async function failureOf(promise: Promise<unknown>): Promise<TrackerRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TrackerRequestError);
  return error as TrackerRequestError;
}

describe('answers are validated at the edge', () => {
  it('leaves a malformed task out of a list and logs which one and why', async () => {
    const { client, logger } = await setUp();
    const good = sampleTask({ id: 't1' });
    const later = sampleTask({ id: 't3' });
    tracker.answer('GET', '/api/agents/a1/tasks', {
      status: 200,
      json: [good, sampleTask({ id: 't2', status: 42 }), later, 'not a task'],
    });

    expect(await client.listAgentTasks(WS, 'a1')).toEqual([good, later]);
    const warnings = logger.lines.filter((l) => l.startsWith('warn tracker GET /api/agents/a1/tasks'));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('task 1 (id t2) left out: status:');
    expect(warnings[1]).toContain('task 3 left out: the answer:');
  });

  it('refuses a malformed single answer with an error naming the field, and does not retry it', async () => {
    const { client, delays } = await setUp();
    tracker.answer('GET', '/api/issues/ACME-4', { status: 200, json: sampleIssue({ identifier: 4 }) });

    const error = await failureOf(client.getIssue(WS, 'ACME-4'));
    expect(error.kind).toBe('http');
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(
      /^tracker GET \/api\/issues\/ACME-4 gave an unreadable answer: identifier: /,
    );
    expect(delays).toEqual([]);
  });

  it('names a missing required field', async () => {
    const { client } = await setUp();
    const { title: _title, ...untitled } = sampleIssue();
    tracker.answer('GET', '/api/issues/ACME-4', { status: 200, json: untitled });
    expect((await failureOf(client.getIssue(WS, 'ACME-4'))).message).toContain('title');
  });
});

describe('answers are capped', () => {
  it('refuses an answer that declares more bytes than the cap, without retrying it', async () => {
    const { client, delays } = await setUp(4_096);
    tracker.answer('GET', '/api/agents/a1/tasks', {
      status: 200,
      json: Array.from({ length: 20 }, (_, i) => sampleTask({ id: `t${i}` })),
    });

    const error = await failureOf(client.listAgentTasks(WS, 'a1'));
    expect(error.message).toBe(
      'tracker GET /api/agents/a1/tasks answered 200: the answer is larger than 4096 bytes',
    );
    expect(error.retryable).toBe(false);
    expect(delays).toEqual([]);
  });

  it('stops reading an answer that never ends once it passes the cap', async () => {
    const { client } = await setUp(1_000_000);
    tracker.answer('GET', '/api/agents/a1/tasks', 'endless');

    const error = await failureOf(client.listAgentTasks(WS, 'a1'));
    expect(error.message).toBe(
      'tracker GET /api/agents/a1/tasks answered 200: the answer is larger than 1000000 bytes',
    );
  });

  it('reads an answer right at the cap', async () => {
    const tasks = [sampleTask()];
    const exact = Buffer.byteLength(`${JSON.stringify(tasks)}\n`);
    const { client } = await setUp(exact);
    tracker.answer('GET', '/api/agents/a1/tasks', { status: 200, json: tasks });
    expect(await client.listAgentTasks(WS, 'a1')).toEqual(tasks);
  });
});
