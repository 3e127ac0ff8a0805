import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEspeakClient, type WorkerLike } from './espeak-client';
import type { EspeakJob, EspeakMessage } from './espeak-protocol';

/** A stand-in worker that records jobs and answers when told. */
class FakeWorker implements WorkerLike {
  jobs: EspeakJob[] = [];
  terminated = false;
  private listeners: {
    message: ((e: MessageEvent<EspeakMessage>) => void)[];
    error: ((e: Event) => void)[];
  } = {
    message: [],
    error: [],
  };
  postMessage(job: EspeakJob) {
    this.jobs.push(job);
  }
  addEventListener(type: 'message' | 'error', listener: (event: never) => void) {
    this.listeners[type].push(listener as never);
  }
  terminate() {
    this.terminated = true;
  }
  reply(reply: EspeakMessage) {
    for (const listener of this.listeners.message) listener({ data: reply } as MessageEvent<EspeakMessage>);
  }
  ok(id: number, byte = 1) {
    this.reply({ id, ok: true, wav: new Uint8Array([byte]).buffer, sampleCount: 1 });
  }
  crash() {
    for (const listener of this.listeners.error) listener(new Event('error'));
  }
}

const request = (text: string) => ({ text, voice: 'en-us', wordsPerMinute: 175 });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe('createEspeakClient', () => {
  it('starts one worker lazily and sends one job at a time, in order', async () => {
    const workers: FakeWorker[] = [];
    const client = createEspeakClient({
      createWorker: () => workers[workers.push(new FakeWorker()) - 1] as FakeWorker,
    });
    expect(workers).toHaveLength(0);
    const a = client.synthesize(request('a'));
    const b = client.synthesize(request('b'));
    const worker = workers[0] as FakeWorker;
    expect(worker.jobs.map((j) => j.text)).toEqual(['a']);
    worker.ok(worker.jobs[0]?.id ?? 0, 10);
    expect(new Uint8Array(await a)).toEqual(new Uint8Array([10]));
    expect(worker.jobs.map((j) => j.text)).toEqual(['a', 'b']);
    worker.ok(worker.jobs[1]?.id ?? 0, 20);
    expect(new Uint8Array(await b)).toEqual(new Uint8Array([20]));
    expect(workers).toHaveLength(1);
  });

  it('rejects with the worker’s message', async () => {
    const worker = new FakeWorker();
    const client = createEspeakClient({ createWorker: () => worker });
    const job = client.synthesize(request('a'));
    worker.reply({
      id: worker.jobs[0]?.id ?? 0,
      ok: false,
      message: 'the on-device voice produced no audio',
    });
    await expect(job).rejects.toThrow('produced no audio');
  });

  it('drops an aborted queued job without sending it, and ignores a late reply to an aborted running one', async () => {
    const worker = new FakeWorker();
    const client = createEspeakClient({ createWorker: () => worker });
    const first = new AbortController();
    const second = new AbortController();
    const a = client.synthesize(request('a'), first.signal);
    const b = client.synthesize(request('b'), second.signal);
    const c = client.synthesize(request('c'));
    second.abort(new Error('stop b'));
    await expect(b).rejects.toThrow('stop b');
    first.abort(new Error('stop a'));
    await expect(a).rejects.toThrow('stop a');
    expect(worker.jobs.map((j) => j.text)).toEqual(['a', 'c']);
    worker.ok(worker.jobs[0]?.id ?? 0, 1); // late answer for a: ignored
    worker.ok(worker.jobs[1]?.id ?? 0, 3);
    expect(new Uint8Array(await c)).toEqual(new Uint8Array([3]));
  });

  it('rejects at once when already aborted', async () => {
    const worker = new FakeWorker();
    const client = createEspeakClient({ createWorker: () => worker });
    await expect(client.synthesize(request('a'), AbortSignal.abort(new Error('gone')))).rejects.toThrow(
      'gone',
    );
    expect(worker.jobs).toEqual([]);
  });

  it('replaces a worker that fails to start and goes on with the next job', async () => {
    const workers: FakeWorker[] = [];
    const client = createEspeakClient({
      createWorker: () => workers[workers.push(new FakeWorker()) - 1] as FakeWorker,
    });
    const a = client.synthesize(request('a'));
    const b = client.synthesize(request('b'));
    (workers[0] as FakeWorker).crash();
    await expect(a).rejects.toThrow('could not start');
    expect(workers[0]?.terminated).toBe(true);
    await tick();
    const second = workers[1] as FakeWorker;
    expect(second.jobs.map((j) => j.text)).toEqual(['b']);
    second.ok(second.jobs[0]?.id ?? 0);
    await expect(b).resolves.toBeInstanceOf(ArrayBuffer);
  });

  it('gives up on a job the worker never answers', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const client = createEspeakClient({ createWorker: () => worker, jobTimeoutMs: 1000 });
    const job = client.synthesize(request('a'));
    const outcome = expect(job).rejects.toThrow('did not answer');
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
    expect(worker.terminated).toBe(true);
  });

  it('lets a voice data download take as long as it makes progress, then times only the speech', async () => {
    vi.useFakeTimers();
    const worker = new FakeWorker();
    const client = createEspeakClient({
      createWorker: () => worker,
      jobTimeoutMs: 60_000,
      downloadStallMs: 30_000,
    });
    let settled = false;
    const job = client.synthesize(request('Здравствуйте'));
    void job.then(
      () => (settled = true),
      () => (settled = true),
    );
    const id = worker.jobs[0]?.id ?? 0;
    // Five minutes of a slow download, a chunk every 20 s: never cut off.
    for (let second = 0; second < 300; second += 20) {
      worker.reply({ id, stage: 'loading' });
      await vi.advanceTimersByTimeAsync(20_000);
    }
    expect(settled).toBe(false);
    expect(worker.terminated).toBe(false);
    worker.reply({ id, stage: 'speaking' });
    await vi.advanceTimersByTimeAsync(59_000);
    worker.ok(id, 7);
    expect(new Uint8Array(await job)).toEqual(new Uint8Array([7]));
  });

  it('gives up on a download that stops arriving, and on speech that outlasts its deadline', async () => {
    vi.useFakeTimers();
    const stalled = new FakeWorker();
    const slow = createEspeakClient({
      createWorker: () => stalled,
      jobTimeoutMs: 60_000,
      downloadStallMs: 30_000,
    });
    const download = slow.synthesize(request('a'));
    const stopped = expect(download).rejects.toThrow('stopped downloading');
    stalled.reply({ id: stalled.jobs[0]?.id ?? 0, stage: 'loading' });
    await vi.advanceTimersByTimeAsync(30_000);
    await stopped;
    expect(stalled.terminated).toBe(true);

    const stuck = new FakeWorker();
    const speaking = createEspeakClient({
      createWorker: () => stuck,
      jobTimeoutMs: 60_000,
      downloadStallMs: 30_000,
    });
    const speech = speaking.synthesize(request('b'));
    const outcome = expect(speech).rejects.toThrow('did not answer');
    stuck.reply({ id: stuck.jobs[0]?.id ?? 0, stage: 'loading' });
    await vi.advanceTimersByTimeAsync(10_000);
    stuck.reply({ id: stuck.jobs[0]?.id ?? 0, stage: 'speaking' });
    await vi.advanceTimersByTimeAsync(60_000);
    await outcome;
  });
});
