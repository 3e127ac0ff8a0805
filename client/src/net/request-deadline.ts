/**
 * An outbound request that ran out of time. `endpoint` names what did not answer in words a user
 * can act on ("the voice platform at tts.example.com"); `timedOut` lets callers in other bundles
 * recognise it without `instanceof`.
 */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  readonly timedOut = true;
  constructor(
    readonly endpoint: string,
    readonly ms: number,
    /** The endpoint had started answering and then stopped (a stream's idle deadline). */
    readonly stalled = false,
  ) {
    super(
      stalled
        ? `${endpoint} stopped answering for ${seconds(ms)}`
        : `${endpoint} did not answer within ${seconds(ms)}`,
    );
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

export function isRequestTimeout(error: unknown): error is RequestTimeoutError {
  return typeof error === 'object' && error !== null && (error as { timedOut?: unknown }).timedOut === true;
}

/** The timeout behind `error`, itself or somewhere in its `cause` chain (a wrapped failure). */
export function requestTimeoutIn(error: unknown): RequestTimeoutError | undefined {
  for (let current = error, depth = 0; current && depth < 8; depth++) {
    if (isRequestTimeout(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** `kind` at the host of `url` ("the relay at relay.example.com"); the raw text when it is no URL. */
export function endpointAt(kind: string, url: string | URL): string {
  try {
    return `${kind} at ${new URL(url).host}`;
  } catch {
    return `${kind} at ${String(url)}`;
  }
}

export interface Deadline {
  /** Aborts when the caller's signal does (with its reason) or when time runs out (with `expired`). */
  readonly signal: AbortSignal;
  /** The timeout once time ran out; null otherwise (a caller's own abort is not a timeout). */
  readonly expired: RequestTimeoutError | null;
  /** Counts `ms` afresh from now: a stream that delivered a chunk gets a new idle deadline. */
  restart(ms: number, options?: { stalled?: boolean }): void;
  /** Stops counting (the request is over, or what is left is watched by other means). */
  clear(): void;
}

export interface DeadlineOptions {
  readonly ms: number;
  /** What is being waited on, for the error: see `endpointAt`. */
  readonly endpoint: string;
  /** The caller's own signal; its abort still aborts, with its own reason. */
  readonly signal?: AbortSignal;
}

/**
 * The caller's signal combined with a timeout. A plain timer aborts with a RequestTimeoutError as
 * the reason rather than `AbortSignal.timeout`: that one aborts with a bare TimeoutError that
 * cannot name the endpoint, cannot be stopped or restarted, and runs on a clock tests cannot
 * drive. Since the reason is the error itself, a fetch given this signal rejects with it, and so
 * does reading its body after the headers came.
 */
export function startDeadline(options: DeadlineOptions): Deadline {
  const clock = new AbortController();
  let expired: RequestTimeoutError | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number, stalled: boolean) => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (options.signal?.aborted) return;
      expired = new RequestTimeoutError(options.endpoint, ms, stalled);
      clock.abort(expired);
    }, ms);
  };
  if (!options.signal?.aborted) arm(options.ms, false);
  return {
    signal: options.signal ? eitherSignal(options.signal, clock.signal) : clock.signal,
    get expired() {
      return expired;
    },
    restart(ms, restartOptions = {}) {
      if (expired || options.signal?.aborted) return;
      arm(ms, restartOptions.stalled ?? false);
    },
    clear() {
      clearTimeout(timer);
    },
  };
}

/** Aborts when either does, with that one's reason: `AbortSignal.any`, or by hand where it is missing. */
export function eitherSignal(first: AbortSignal, second: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([first, second]);
  // Safari before 17.4 and older WebViews.
  const both = new AbortController();
  const from = (source: AbortSignal) => () => both.abort(source.reason);
  if (first.aborted) both.abort(first.reason);
  else if (second.aborted) both.abort(second.reason);
  else {
    first.addEventListener('abort', from(first), { once: true });
    second.addEventListener('abort', from(second), { once: true });
  }
  return both.signal;
}
