import { type EspeakJob, type EspeakMessage, isStage } from './espeak-protocol';

export interface EspeakRequest {
  readonly text: string;
  readonly voice: string;
  readonly wordsPerMinute: number;
}

/** The page side of the eSpeak NG worker: one worker, one job at a time. */
export interface EspeakClient {
  /** WAV bytes (44-byte header + int16 mono PCM at eSpeak's sample rate). */
  synthesize(request: EspeakRequest, signal?: AbortSignal): Promise<ArrayBuffer>;
}

/** Only the parts of Worker the client uses, so tests can hand in a fake. */
export interface WorkerLike {
  postMessage(message: EspeakJob): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<EspeakMessage>) => void): void;
  addEventListener(type: 'error', listener: (event: Event) => void): void;
  terminate(): void;
}

export interface EspeakClientOptions {
  readonly createWorker?: () => WorkerLike;
  /**
   * A job whose speech takes longer restarts the worker. A voice data download does not count
   * against it: it has its own deadline, `downloadStallMs`.
   */
  readonly jobTimeoutMs?: number;
  /**
   * A voice data download (a language's first use, up to 8.5 MB for Russian on a slow phone
   * connection) may take as long as it needs while it makes progress: only this long without
   * a byte arriving gives it up.
   */
  readonly downloadStallMs?: number;
}

export const JOB_TIMEOUT_MS = 60_000;
export const DOWNLOAD_STALL_MS = 30_000;

function startWorker(): WorkerLike {
  // Written out literally so Vite bundles the worker (and eSpeak NG with it) as its own asset.
  return new Worker(new URL('./espeak-worker.ts', import.meta.url), { type: 'module', name: 'espeak-ng' });
}

interface Pending {
  readonly job: EspeakJob;
  readonly resolve: (wav: ArrayBuffer) => void;
  readonly reject: (error: unknown) => void;
  readonly signal: AbortSignal | undefined;
  readonly onAbort: () => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/**
 * Jobs are sent one at a time (a busy worker cannot read a cancel message), so an aborted job
 * still waiting here never costs the worker any time.
 */
export function createEspeakClient(options: EspeakClientOptions = {}): EspeakClient {
  const createWorker = options.createWorker ?? startWorker;
  const jobTimeoutMs = options.jobTimeoutMs ?? JOB_TIMEOUT_MS;
  const downloadStallMs = options.downloadStallMs ?? DOWNLOAD_STALL_MS;
  const queue: Pending[] = [];
  let worker: WorkerLike | null = null;
  let current: Pending | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let nextId = 1;

  const settle = (pending: Pending) => {
    pending.signal?.removeEventListener('abort', pending.onAbort);
  };

  const finishCurrent = () => {
    clearTimeout(timer);
    current = null;
    pump();
  };

  const failWorker = (message: string) => {
    // A dead or stuck worker is replaced on the next job; the job it held fails.
    worker?.terminate();
    worker = null;
    const failed = current;
    if (failed) {
      settle(failed);
      failed.reject(new Error(message));
    }
    finishCurrent();
  };

  /** (Re)starts the current job's deadline: the stall deadline while data downloads, else the job's. */
  const deadline = (ms: number, message: string) => {
    clearTimeout(timer);
    timer = setTimeout(() => failWorker(message), ms);
  };

  const onMessage = (event: MessageEvent<EspeakMessage>) => {
    const reply = event.data;
    if (!current || reply.id !== current.job.id) return; // the job was aborted meanwhile
    if (isStage(reply)) {
      // A download that keeps arriving is never cut off (a cut one starts again from zero); the
      // speech is timed from when the data is on the device.
      if (reply.stage === 'loading')
        deadline(downloadStallMs, 'the on-device voice data stopped downloading');
      else deadline(jobTimeoutMs, 'the on-device voice did not answer');
      return;
    }
    const done = current;
    settle(done);
    if (reply.ok) done.resolve(reply.wav);
    else done.reject(new Error(reply.message));
    finishCurrent();
  };

  const ensureWorker = (): WorkerLike => {
    if (worker) return worker;
    const created = createWorker();
    created.addEventListener('message', (event) => {
      if (created === worker) onMessage(event);
    });
    created.addEventListener('error', () => {
      if (created === worker) failWorker('the on-device voice could not start');
    });
    worker = created;
    return created;
  };

  function pump(): void {
    if (current) return;
    const next = queue.shift();
    if (!next) return;
    current = next;
    deadline(jobTimeoutMs, 'the on-device voice did not answer');
    try {
      ensureWorker().postMessage(next.job);
    } catch (error) {
      failWorker(error instanceof Error ? error.message : String(error));
    }
  }

  return {
    synthesize(request, signal) {
      return new Promise<ArrayBuffer>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const job: EspeakJob = { id: nextId++, ...request };
        const pending: Pending = {
          job,
          resolve,
          reject,
          signal,
          onAbort: () => {
            settle(pending);
            const index = queue.indexOf(pending);
            if (index !== -1) queue.splice(index, 1);
            else if (current === pending) finishCurrent(); // its late reply is ignored by id
            reject(abortReason(signal as AbortSignal));
          },
        };
        signal?.addEventListener('abort', pending.onAbort, { once: true });
        queue.push(pending);
        pump();
      });
    },
  };
}

let shared: EspeakClient | null = null;

/** The one client (and so one worker) the whole page shares. */
export function sharedEspeakClient(): EspeakClient {
  shared ??= createEspeakClient();
  return shared;
}
