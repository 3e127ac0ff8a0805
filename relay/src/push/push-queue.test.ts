import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSilentRelayLogger } from '../relay-logger';
import { PushQueue, type PushQueueOptions, UnsendablePush } from './push-queue';
import type { PushResponse } from './push-transport';

type Job = { id: string };

/** A push service the test answers by hand: each delivery waits until answered. */
function pushService() {
  const calls: { job: Job; signal: AbortSignal; answer(response: PushResponse | Error): void }[] = [];
  const deliver = (job: Job, signal: AbortSignal) =>
    new Promise<PushResponse>((resolve, reject) => {
      calls.push({
        job,
        signal,
        answer: (response) => (response instanceof Error ? reject(response) : resolve(response)),
      });
    });
  const answer = (index: number, response: PushResponse | Error) => calls[index]?.answer(response);
  return { calls, deliver, answer, ids: () => calls.map((call) => call.job.id) };
}

const ok: PushResponse = { status: 201, retryAfterMs: null };
const status = (code: number, retryAfterMs: number | null = null): PushResponse => ({
  status: code,
  retryAfterMs,
});

function queueOn(service: ReturnType<typeof pushService>, options: Partial<PushQueueOptions<Job>> = {}) {
  const logger = createSilentRelayLogger();
  const gone: Job[] = [];
  const queue = new PushQueue<Job>({
    deliver: service.deliver,
    onGone: (job) => void gone.push(job),
    describe: (job) => `push ${job.id}`,
    logger,
    concurrency: 2,
    maxQueued: 100,
    random: () => 0.5,
    ...options,
  });
  return { queue, logger, gone };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('PushQueue', () => {
  it('sends at most `concurrency` pushes at once, in the order they came', async () => {
    const service = pushService();
    const { queue } = queueOn(service);
    for (const id of ['a', 'b', 'c', 'd']) expect(queue.push({ id })).toBe(true);
    await settle();
    expect(service.ids()).toEqual(['a', 'b']);
    service.answer(1, ok);
    await settle();
    expect(service.ids()).toEqual(['a', 'b', 'c']);
    service.answer(0, ok);
    service.answer(2, ok);
    await settle();
    expect(service.ids()).toEqual(['a', 'b', 'c', 'd']);
    service.answer(3, ok);
    await queue.idle();
  });

  it('drops pushes past its cap rather than grow, and says so once per overflow', async () => {
    const service = pushService();
    const { queue, logger } = queueOn(service, { concurrency: 1, maxQueued: 2 });
    const accepted = ['a', 'b', 'c', 'd', 'e'].map((id) => queue.push({ id }));
    // 'a' is in flight, 'b' and 'c' wait: the cap holds the waiting ones.
    expect(accepted).toEqual([true, true, true, false, false]);
    expect(logger.lines.filter((line) => line.includes('full'))).toHaveLength(1);

    for (let i = 0; i < 3; i++) {
      await settle();
      service.answer(i, ok);
    }
    await queue.idle();
    expect(service.ids()).toEqual(['a', 'b', 'c']);
    expect(logger.lines.some((line) => /dropped 2 pushes/.test(line))).toBe(true);
    expect(queue.push({ id: 'f' })).toBe(true);
    await settle();
    service.answer(3, ok);
    await queue.idle();
  });

  it('retries a network failure after 1 s, then 2 s, with the jitter applied', async () => {
    const service = pushService();
    const { queue } = queueOn(service, { random: () => 1 });
    queue.push({ id: 'a' });
    await settle();
    service.answer(0, new Error('ECONNRESET'));
    await vi.advanceTimersByTimeAsync(1199);
    expect(service.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.calls).toHaveLength(2);
    service.answer(1, status(503));
    await vi.advanceTimersByTimeAsync(2399);
    expect(service.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.calls).toHaveLength(3);
    service.answer(2, ok);
    await queue.idle();
  });

  it('waits what a 429 or 503 asks in Retry-After, and gives up on a wait past the push’s life', async () => {
    const service = pushService();
    const { queue, logger } = queueOn(service);
    queue.push({ id: 'a' });
    await settle();
    service.answer(0, status(429, 7000));
    await vi.advanceTimersByTimeAsync(6999);
    expect(service.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.calls).toHaveLength(2);
    service.answer(1, status(503, 120_000));
    await queue.idle();
    await vi.advanceTimersByTimeAsync(200_000);
    expect(service.calls).toHaveLength(2);
    expect(logger.lines.some((line) => /push a.*503/.test(line))).toBe(true);
  });

  it('gives up after four attempts', async () => {
    const service = pushService();
    const { queue, logger } = queueOn(service);
    queue.push({ id: 'a' });
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(60_000);
      service.answer(i, status(500));
    }
    await queue.idle();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(service.calls).toHaveLength(4);
    expect(logger.lines.some((line) => /push a.*4 attempts/.test(line))).toBe(true);
  });

  it('forgets the subscription on 404 and 410, retries 400, 401 and 403 once then forgets it, never retries 413', async () => {
    const service = pushService();
    const { queue, gone, logger } = queueOn(service, { concurrency: 8, random: () => 1 });
    for (const id of ['bad', 'forbidden', 'missing', 'expired', 'unauthorized', 'too-large'])
      queue.push({ id });
    await settle();
    service.answer(0, status(400));
    service.answer(1, status(403));
    service.answer(2, status(404));
    service.answer(3, status(410));
    service.answer(4, status(401));
    service.answer(5, status(413));
    await settle();
    expect(gone.map((job) => job.id)).toEqual(['missing', 'expired']);
    // One retry, after the first backoff (1 s, jittered to 1.2 s here).
    await vi.advanceTimersByTimeAsync(1199);
    expect(service.calls).toHaveLength(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.ids().slice(6).sort()).toEqual(['bad', 'forbidden', 'unauthorized']);
    const retried = service.ids();
    service.answer(retried.indexOf('bad', 6), status(400));
    service.answer(retried.indexOf('forbidden', 6), ok);
    service.answer(retried.indexOf('unauthorized', 6), status(401));
    await queue.idle();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(service.calls).toHaveLength(9);
    expect(gone.map((job) => job.id)).toEqual(['missing', 'expired', 'bad', 'unauthorized']);
    expect(logger.lines.filter((line) => /refused by the push service again/.test(line))).toHaveLength(2);
    expect(logger.lines.filter((line) => /push too-large refused.*413.*not retried/.test(line))).toHaveLength(
      1,
    );
  });

  it('never retries a push that cannot be made', async () => {
    const service = pushService();
    const { queue, logger } = queueOn(service);
    queue.push({ id: 'a' });
    await settle();
    service.answer(0, new UnsendablePush('the subscription’s keys are unusable'));
    await queue.idle();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(service.calls).toHaveLength(1);
    expect(logger.lines.some((line) => /push a not sent: the subscription’s keys/.test(line))).toBe(true);
  });

  it('drops a push that is stale when its turn or its retry comes, without sending it', async () => {
    const service = pushService();
    const stale = new Set<string>();
    const ages: number[] = [];
    const { queue } = queueOn(service, {
      concurrency: 1,
      isStale: (job, waitedMs) => {
        ages.push(waitedMs);
        return stale.has(job.id) || waitedMs > 60_000;
      },
    });
    queue.push({ id: 'a' });
    queue.push({ id: 'b' });
    queue.push({ id: 'c' });
    stale.add('b');
    await settle();
    expect(service.ids()).toEqual(['a']);
    service.answer(0, ok);
    await settle();
    // `b`'s turn: stale, dropped unsent; `c` goes.
    expect(service.ids()).toEqual(['a', 'c']);
    // `c` fails late in its life: its retry comes past it, and is dropped, not sent.
    await vi.advanceTimersByTimeAsync(59_500);
    service.answer(1, status(503, 1000));
    await vi.advanceTimersByTimeAsync(2000);
    await queue.idle();
    expect(service.ids()).toEqual(['a', 'c']);
    expect(Math.max(...ages)).toBeGreaterThan(60_000);
  });

  it('counts a push waiting to retry against its cap', async () => {
    const service = pushService();
    const { queue } = queueOn(service, { concurrency: 1, maxQueued: 1 });
    queue.push({ id: 'a' });
    await settle();
    service.answer(0, new Error('timeout'));
    await settle();
    expect(queue.push({ id: 'b' })).toBe(false);
  });

  it('stops on close: waiting pushes dropped, retries cancelled, sends in flight aborted', async () => {
    const service = pushService();
    const { queue } = queueOn(service, { concurrency: 1 });
    queue.push({ id: 'a' });
    queue.push({ id: 'b' });
    await settle();
    const closed = queue.close();
    expect(service.calls[0]?.signal.aborted).toBe(true);
    service.answer(0, new Error('aborted'));
    await closed;
    await vi.advanceTimersByTimeAsync(600_000);
    expect(service.ids()).toEqual(['a']);
    expect(queue.push({ id: 'c' })).toBe(false);
  });

  it('returns from close at once, even while a push service holds sends that ignore the abort', async () => {
    const { queue } = queueOn({ ...pushService(), deliver: () => new Promise<PushResponse>(() => {}) });
    queue.push({ id: 'a' });
    queue.push({ id: 'b' });
    await settle();
    let closed = false;
    void queue.close().then(() => {
      closed = true;
    });
    await settle();
    expect(closed).toBe(true);
    await queue.idle();
  });
});

describe('PushQueue fairness', () => {
  type LaneJob = Job & { origin: string; account: string };
  /** A queue whose pushes name their push service and account. */
  function fairQueue(service: ReturnType<typeof pushService>, options: Partial<PushQueueOptions<Job>> = {}) {
    return queueOn(service, {
      laneOf: (job) => ({ origin: (job as LaneJob).origin, account: (job as LaneJob).account }),
      concurrency: 64,
      ...options,
    });
  }
  const job = (id: string, origin: string, account = 'acct'): LaneJob => ({ id, origin, account });

  it('sends to other push services at once while one never answers', async () => {
    const service = pushService();
    const { queue } = fairQueue(service, { perOriginConcurrency: 4 });
    // A call to 100 devices on a push service that never answers, then one device elsewhere.
    for (let i = 0; i < 100; i++) queue.push(job(`stalled-${i}`, 'https://stalled.example'));
    queue.push(job('healthy-1', 'https://fcm.googleapis.com', 'other'));
    queue.push(job('healthy-2', 'https://web.push.apple.com', 'other'));
    await settle();
    expect(service.ids().filter((id) => id.startsWith('stalled'))).toHaveLength(4);
    expect(service.ids()).toEqual(expect.arrayContaining(['healthy-1', 'healthy-2']));
    // The stalled service's slots stay its own: later pushes elsewhere go out at once too.
    queue.push(job('healthy-3', 'https://fcm.googleapis.com', 'third'));
    await settle();
    expect(service.ids()).toContain('healthy-3');
    await queue.close();
  });

  it('lets every account of a push service take its turn: one busy account does not delay another’s first push', async () => {
    const service = pushService();
    const { queue } = fairQueue(service, { perOriginConcurrency: 2 });
    for (let i = 0; i < 50; i++) queue.push(job(`busy-${i}`, 'https://fcm.googleapis.com', 'busy'));
    queue.push(job('quiet-1', 'https://fcm.googleapis.com', 'quiet'));
    await settle();
    expect(service.ids()).toEqual(['busy-0', 'busy-1']);
    service.answer(0, ok);
    service.answer(1, ok);
    await settle();
    // The accounts take turns: the quiet one's push goes next to the busy one's third, not after its 50th.
    expect(service.ids().slice(2).sort()).toEqual(['busy-2', 'quiet-1']);
    service.answer(2, ok);
    service.answer(3, ok);
    await settle();
    expect(service.ids().slice(4)).toEqual(['busy-3', 'busy-4']);
    await queue.close();
  });

  it('keeps the overall cap across push services', async () => {
    const service = pushService();
    const { queue } = fairQueue(service, { concurrency: 3, perOriginConcurrency: 2 });
    for (const origin of ['https://a.example', 'https://b.example'])
      for (let i = 0; i < 3; i++) queue.push(job(`${origin}-${i}`, origin));
    await settle();
    expect(service.calls).toHaveLength(3);
    await queue.close();
  });

  it('drops pushes past one push service’s share of the queue, and takes others’ still', async () => {
    const service = pushService();
    const { queue } = fairQueue(service, { perOriginConcurrency: 1, maxQueued: 100, maxQueuedPerOrigin: 3 });
    // Each from an account of its own: an account's own share (half the service's) is not what is tried here.
    const stalled = Array.from({ length: 6 }, (_, i) =>
      queue.push(job(`stalled-${i}`, 'https://stalled.example', `account-${i}`)),
    );
    // One in flight, three waiting: the rest are dropped.
    expect(stalled).toEqual([true, true, true, true, false, false]);
    expect(queue.push(job('healthy', 'https://fcm.googleapis.com'))).toBe(true);
    await settle();
    expect(service.ids()).toContain('healthy');
    await queue.close();
  });

  it('drops a busy account’s pushes past its own share, never another account’s first push', async () => {
    const service = pushService();
    const { queue } = fairQueue(service, { perOriginConcurrency: 1, maxQueuedPerOrigin: 10 });
    const fcm = 'https://fcm.googleapis.com';
    for (let i = 0; i < 20; i++) queue.push(job(`busy-${i}`, fcm, 'busy'));
    expect(queue.push(job('victim-1', fcm, 'victim'))).toBe(true);
    await settle();
    expect(service.ids()).toEqual(['busy-0']);
    // The busy account keeps half the service's share (5 waiting), the rest of its 20 dropped.
    expect(queue.size).toBe(6);
    service.answer(0, ok);
    await settle();
    service.answer(1, ok);
    await settle();
    // The accounts take turns: the victim's push goes out next, before the busy account's backlog.
    expect(service.ids()).toEqual(['busy-0', 'busy-1', 'victim-1']);
    await queue.close();
  });
});
