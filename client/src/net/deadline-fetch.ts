import { abortableBody } from './abortable-body';
import { type Deadline, endpointAt, type RequestTimeoutError, startDeadline } from './request-deadline';

export interface DeadlineFetch {
  /** `fetch` with a deadline on every request, named after `kind` at the request's host. */
  readonly fetch: typeof fetch;
  /** The first request that ran out of time, if one did: what a failure really was. */
  expired(): RequestTimeoutError | null;
  /** Stops every deadline still counting: the work that made these requests is over. */
  clear(): void;
}

function urlOf(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Gives every request made through the returned `fetch` its own deadline of `ms`. A deadline
 * keeps counting after the headers came, until `clear()`, so a body that stops half-way is cut
 * too; the owner clears when its work (a synthesis, a voice list) has settled. Code that reads a
 * body may turn the abort into its own error: `expired()` then tells what happened.
 */
export function withDeadlines(base: typeof fetch, ms: number, kind: string): DeadlineFetch {
  const deadlines = new Set<Deadline>();
  const deadlineFetch: typeof fetch = async (input, init) => {
    const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const deadline = startDeadline({
      ms,
      endpoint: endpointAt(kind, urlOf(input)),
      ...(callerSignal ? { signal: callerSignal } : {}),
    });
    deadlines.add(deadline);
    try {
      return abortableBody(await base(input, { ...init, signal: deadline.signal }), deadline.signal);
    } catch (error) {
      // Some fetches reject with a generic AbortError rather than the signal's reason.
      throw deadline.expired ?? error;
    }
  };
  return {
    fetch: deadlineFetch,
    expired() {
      for (const deadline of deadlines) if (deadline.expired) return deadline.expired;
      return null;
    },
    clear() {
      for (const deadline of deadlines) deadline.clear();
    },
  };
}
