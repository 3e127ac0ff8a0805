import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../../log/logger';
import { recordingSleep, refusedUrl, type StandInTracker, startStandInTracker } from './stand-in-tracker';
import { createTrackerClient, type TrackerClient } from './tracker-client';
import { TrackerRequestError } from './tracker-error';

const WS = '0197a000-0000-7000-8000-000000000001';
const TOKEN = `mul_${'b'.repeat(40)}`;

let tracker: StandInTracker | undefined;
afterEach(async () => {
  await tracker?.close();
  tracker = undefined;
});

function clientFor(baseUrl: string, timeoutMs?: number) {
  const { sleep, delays } = recordingSleep();
  const logger = createMemoryLogger();
  const client = createTrackerClient({
    baseUrl,
    token: TOKEN,
    sleep,
    logger,
    ...(timeoutMs ? { timeoutMs, uploadTimeoutMs: timeoutMs } : {}),
  });
  return { client, delays, logger };
}

async function setUp(timeoutMs?: number) {
  tracker = await startStandInTracker();
  return { tracker, ...clientFor(tracker.url, timeoutMs) };
}

async function failureOf(promise: Promise<unknown>): Promise<TrackerRequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TrackerRequestError);
  return error as TrackerRequestError;
}

describe('reads', () => {
  it.each([500, 502, 503, 429])(
    'retries a %i exactly 3 times after 500, 1000 and 2000 ms, then throws',
    async (status) => {
      const { tracker, client, delays, logger } = await setUp();
      tracker.answer('GET', '/api/agents', { status, json: { error: 'try later' } });

      const error = await failureOf(client.listAgents(WS));

      expect(error).toMatchObject({ kind: 'http', status, detail: 'try later' });
      expect(tracker.requests).toHaveLength(4);
      expect(delays).toEqual([500, 1000, 2000]);
      expect(logger.lines).toEqual([
        `warn tracker GET /api/agents answered ${status}: try later (attempt 1 of 4, retrying in 500 ms)`,
        `warn tracker GET /api/agents answered ${status}: try later (attempt 2 of 4, retrying in 1000 ms)`,
        `warn tracker GET /api/agents answered ${status}: try later (attempt 3 of 4, retrying in 2000 ms)`,
        `warn tracker GET /api/agents answered ${status}: try later (attempt 4 of 4, giving up)`,
      ]);
    },
  );

  it.each([400, 401, 403, 404, 422])('does not retry a %i', async (status) => {
    const { tracker, client, delays, logger } = await setUp();
    tracker.answer('GET', '/api/issues/ACME-1', { status, json: { error: 'no' } });

    const error = await failureOf(client.getIssue(WS, 'ACME-1'));

    expect(error.status).toBe(status);
    expect(tracker.requests).toHaveLength(1);
    expect(delays).toEqual([]);
    expect(logger.lines).toEqual([]);
  });

  it('returns the answer of a later attempt after failures', async () => {
    const { tracker, client, delays } = await setUp();
    tracker.answer(
      'GET',
      '/api/runtimes',
      { status: 503, text: 'upstream down' },
      { status: 429, json: { error: 'slow down' } },
      { status: 200, json: [{ id: 'r1', status: 'online' }] },
    );

    expect(await client.listRuntimes(WS)).toEqual([{ id: 'r1', status: 'online' }]);
    expect(tracker.requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it('retries a refused connection and names the cause in the error and the log', async () => {
    const url = await refusedUrl();
    const { client, delays, logger } = clientFor(url);
    const address = new URL(url).host;

    const error = await failureOf(client.listWorkspaces());

    expect(error.kind).toBe('network');
    expect(error.status).toBeUndefined();
    expect(error.message).toContain(`tracker GET /api/workspaces failed: connect ECONNREFUSED ${address}`);
    expect(delays).toEqual([500, 1000, 2000]);
    expect(logger.lines).toHaveLength(4);
    for (const line of logger.lines) {
      expect(line).toMatch(/^warn tracker GET \/api\/workspaces failed: .*ECONNREFUSED/);
      expect(line).not.toContain(TOKEN);
    }
  });

  it('names an unknown host in the error', async () => {
    const { client } = clientFor('http://tracker.invalid');
    const error = await failureOf(client.listWorkspaces());
    expect(error.kind).toBe('network');
    expect(error.message).toMatch(/ENOTFOUND tracker\.invalid|EAI_AGAIN tracker\.invalid/);
  });

  it('counts a dropped connection and a timeout as network errors and retries them', async () => {
    const { tracker, client, delays } = await setUp(100);
    tracker.answer('GET', '/api/projects', 'drop', 'hang', { status: 200, json: { projects: [], total: 0 } });

    expect(await client.listProjects(WS)).toEqual([]);
    expect(tracker.requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);

    tracker.answer('GET', '/api/agents', 'hang');
    const error = await failureOf(client.listAgents(WS));
    expect(error.kind).toBe('network');
    expect(error.message).toBe('tracker GET /api/agents failed: timed out after 100 ms');
    expect(tracker.requests).toHaveLength(7);
  });
});

describe('writes are sent exactly once', () => {
  const writes: [string, string, (client: TrackerClient) => Promise<unknown>][] = [
    ['quickCreate', '/api/issues/quick-create', (c) => c.quickCreate(WS, { prompt: 'x', agent_id: 'a1' })],
    ['createComment', '/api/issues/i1/comments', (c) => c.createComment(WS, 'i1', { content: 'x' })],
    ['cancelTask', '/api/tasks/t1/cancel', (c) => c.cancelTask(WS, 't1')],
    [
      'uploadFile',
      '/api/upload-file',
      (c) => c.uploadFile(WS, { filename: 'a.png', contentType: 'image/png', data: new Uint8Array([1]) }),
    ],
  ];

  it.each(writes)('%s is not retried on a 500', async (_name, path, call) => {
    const { tracker, client, delays } = await setUp();
    tracker.answer('POST', path, { status: 500, json: { error: 'failed to enqueue' } });

    const error = await failureOf(call(client));

    expect(error).toMatchObject({ kind: 'http', status: 500, method: 'POST', path });
    expect(tracker.requests).toHaveLength(1);
    expect(delays).toEqual([]);
  });

  it.each(writes)('%s is not retried on a dropped connection or a timeout', async (_name, path, call) => {
    const { tracker, client, delays } = await setUp(100);
    tracker.answer('POST', path, 'drop', 'hang');

    const dropped = await failureOf(call(client));
    expect(dropped.kind).toBe('network');
    expect(dropped.message).toMatch(new RegExp(`^tracker POST ${path} failed: .+`));
    const timedOut = await failureOf(call(client));
    expect(timedOut.message).toBe(`tracker POST ${path} failed: timed out after 100 ms`);

    expect(tracker.requests).toHaveLength(2);
    expect(delays).toEqual([]);
  });

  it('does not retry a refused write', async () => {
    const { client, delays } = clientFor(await refusedUrl());
    const error = await failureOf(client.createComment(WS, 'i1', { content: 'reply' }));
    expect(error.kind).toBe('network');
    expect(error.message).toContain('ECONNREFUSED');
    expect(delays).toEqual([]);
  });
});
