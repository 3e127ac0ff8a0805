import { randomUUID } from 'node:crypto';
import type { EndpointChunk, EndpointFailure, EndpointOpen, EndpointRequest } from '@ringback/protocol';
import { type AllowedBase, isUnderAllowedBase, parseAllowedBase, parseEndpointUrl } from './allowed-bases';
import { describeUrl, EndpointNotConfigured, fetchWithinBases } from './fetch-within-bases';
import { requestHeaders, responseHeaders } from './forwarded-headers';
import type { RemoteFetch } from './net-request-fetch';

/** A renderer plays one answer and asks another question at a time; 16 leaves room for overlap. */
export const DEFAULT_MAX_OPEN = 16;
/** An answer the renderer stopped reading (a dropped Response) is let go after this long. */
export const DEFAULT_IDLE_MS = 30_000;
/** EndpointRequest's documented default. */
export const DEFAULT_TIMEOUT_MS = 60_000;
const MAX_TIMEOUT_MS = 10 * 60_000;

export interface EndpointProxy {
  allow(baseUrls: string[]): void;
  open(r: EndpointRequest): Promise<EndpointOpen>;
  read(id: string): Promise<EndpointChunk>;
  cancel(id: string): void;
  cancelAll(): void;
}

interface OpenAnswer {
  reader: ReadableStreamDefaultReader<Uint8Array> | null;
  controller: AbortController;
  timeoutMs: number;
  idle: ReturnType<typeof setTimeout> | undefined;
  /** Reads of one answer run one after another. */
  queue: Promise<unknown>;
}

/**
 * Main's fetch for the model and voice endpoints the user configured (main is not bound by
 * CORS, so it reaches them where the page could not). Only addresses under the allowed bases;
 * no cookies either way; the body is pulled chunk by chunk by the renderer. `timeoutMs` bounds
 * the wait for the answer's head and for each chunk after it, so a long stream that keeps
 * coming is never cut, while one that stalls is. In the app `fetch` is Electron's network
 * (netRequestFetch), so the system proxy, PAC and certificate store apply as in the browser.
 */
export function createEndpointProxy(o: {
  fetch: RemoteFetch;
  maxOpen?: number;
  idleMs?: number;
}): EndpointProxy {
  const doFetch = o.fetch;
  const maxOpen = o.maxOpen ?? DEFAULT_MAX_OPEN;
  const idleMs = o.idleMs ?? DEFAULT_IDLE_MS;
  let bases: AllowedBase[] = [];
  const answers = new Map<string, OpenAnswer>();
  const opening = new Set<AbortController>();
  /** Requests cancelAll stopped before their head came. */
  const cancelled = new WeakSet<AbortController>();

  function allow(baseUrls: string[]): void {
    bases = baseUrls.map(parseAllowedBase).filter((base): base is AllowedBase => base !== null);
  }

  async function open(r: EndpointRequest): Promise<EndpointOpen> {
    const url = parseEndpointUrl(r.url);
    if (!url || !isUnderAllowedBase(url, bases)) {
      return failure(
        'not_configured',
        `${url ? describeUrl(url) : 'this address'} is not a configured model or voice endpoint`,
      );
    }
    if (answers.size + opening.size >= maxOpen) {
      return failure('network', `too many endpoint answers open at once (${maxOpen}); close some first`);
    }
    const timeoutMs = clampTimeout(r.timeoutMs);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    opening.add(controller);
    let response: Response;
    try {
      response = await fetchWithinBases(
        doFetch,
        url,
        {
          method: r.method,
          headers: requestHeaders(r.headers),
          body: r.method === 'GET' ? undefined : r.body,
          signal: controller.signal,
        },
        () => bases,
      );
    } catch (error) {
      controller.abort();
      if (error instanceof EndpointNotConfigured) return failure('not_configured', error.message);
      if (timedOut) return timeoutFailure(url, timeoutMs);
      if (cancelled.has(controller))
        return failure('network', `the request to ${describeUrl(url)} was cancelled`);
      return failure('network', `could not reach ${describeUrl(url)}: ${reasonOf(error)}`);
    } finally {
      clearTimeout(timer);
      opening.delete(controller);
    }
    if (cancelled.has(controller)) {
      controller.abort();
      return failure('network', `the request to ${describeUrl(url)} was cancelled`);
    }
    const id = randomUUID();
    answers.set(id, {
      reader: response.body?.getReader() ?? null,
      controller,
      timeoutMs,
      idle: undefined,
      queue: Promise.resolve(),
    });
    armIdle(id);
    return {
      ok: true,
      id,
      status: response.status,
      statusText: response.statusText,
      headers: responseHeaders(response.headers),
    };
  }

  function read(id: string): Promise<EndpointChunk> {
    const answer = answers.get(id);
    if (!answer) return Promise.resolve(failure('network', 'this answer is no longer open'));
    const next = answer.queue.then(() => readOnce(id, answer));
    answer.queue = next.catch(() => undefined);
    return next;
  }

  async function readOnce(id: string, answer: OpenAnswer): Promise<EndpointChunk> {
    if (answers.get(id) !== answer) return failure('network', 'this answer is no longer open');
    if (!answer.reader) {
      close(id);
      return { done: true };
    }
    clearTimeout(answer.idle);
    let stall: ReturnType<typeof setTimeout> | undefined;
    const stalled = new Promise<'stalled'>((resolve) => {
      stall = setTimeout(() => resolve('stalled'), answer.timeoutMs);
    });
    try {
      const result = await Promise.race([answer.reader.read(), stalled]);
      // Cancelled while this read waited: that is not the answer's end.
      if (answers.get(id) !== answer) return failure('network', 'the answer was cancelled');
      if (result === 'stalled') {
        close(id);
        return failure('timeout', `the endpoint sent nothing for ${Math.round(answer.timeoutMs / 1000)} s`);
      }
      if (result.done) {
        close(id);
        return { done: true };
      }
      armIdle(id);
      return { done: false, chunk: result.value };
    } catch (error) {
      const wasOpen = answers.get(id) === answer;
      close(id);
      return failure(
        'network',
        wasOpen ? `the answer broke off: ${reasonOf(error)}` : 'the answer was cancelled',
      );
    } finally {
      clearTimeout(stall);
    }
  }

  function armIdle(id: string): void {
    const answer = answers.get(id);
    if (!answer) return;
    clearTimeout(answer.idle);
    answer.idle = setTimeout(() => close(id), idleMs);
    // An answer nobody reads must not keep the app's process alive.
    answer.idle.unref?.();
  }

  /** Stops the answer at its source: the connection is aborted, not just forgotten. */
  function close(id: string): void {
    const answer = answers.get(id);
    if (!answer) return;
    answers.delete(id);
    clearTimeout(answer.idle);
    answer.controller.abort();
    answer.reader?.cancel().catch(() => undefined);
  }

  function cancelAll(): void {
    for (const controller of opening) {
      cancelled.add(controller);
      controller.abort();
    }
    for (const id of [...answers.keys()]) close(id);
  }

  return { allow, open, read, cancel: close, cancelAll };
}

function clampTimeout(timeoutMs: number | undefined): number {
  if (typeof timeoutMs !== 'number' || !Number.isFinite(timeoutMs) || timeoutMs <= 0)
    return DEFAULT_TIMEOUT_MS;
  return Math.min(timeoutMs, MAX_TIMEOUT_MS);
}

function failure(reason: EndpointFailure['reason'], message: string): EndpointFailure {
  return { ok: false, reason, message };
}

function timeoutFailure(url: URL, timeoutMs: number): EndpointFailure {
  return failure('timeout', `${describeUrl(url)} did not answer within ${Math.round(timeoutMs / 1000)} s`);
}

function reasonOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } } | null)?.cause;
  return cause?.code ?? cause?.message ?? (error as Error | null)?.message ?? String(error);
}
