import type { DesktopBridge, EndpointChunk } from '@ringback/protocol';

type Endpoint = DesktopBridge['endpoint'];

/** Statuses whose Response may carry no body. */
const BODILESS = new Set([101, 204, 205, 304]);
/**
 * Main's own give-up time, for the answer's head and then for each chunk (so a long stream that
 * keeps coming, such as the relay's event stream, is never cut); the longest main accepts. The
 * callers set their own deadlines and abort through the signal, which cancels in main.
 */
const MAIN_BACKSTOP_MS = 10 * 60_000;

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

async function bodyOf(
  request: Request,
  init: RequestInit | undefined,
): Promise<string | Uint8Array | undefined> {
  if (request.method === 'GET') return undefined;
  if (typeof init?.body === 'string') return init.body;
  const bytes = new Uint8Array(await request.arrayBuffer());
  return bytes.byteLength ? bytes : undefined;
}

function isChunkFailure(chunk: EndpointChunk): chunk is Extract<EndpointChunk, { ok: false }> {
  return !('done' in chunk);
}

/**
 * A `fetch` whose requests main makes (no CORS in the way of a voice platform or a model): the
 * answer's head comes from `endpoint.open`, its body is a stream that pulls `endpoint.read` one
 * chunk at a time, so model answers and audio stream as they would from the page's own fetch.
 * A refusal or a network failure rejects with a TypeError, as fetch does; an abort cancels the
 * request in main.
 */
export function createBridgeFetch(endpoint: Endpoint): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const signal = init?.signal ?? null;
    if (signal?.aborted) throw abortReason(signal);
    const method = request.method.toUpperCase();
    if (method !== 'GET' && method !== 'POST' && method !== 'PUT')
      throw new TypeError(`the desktop app does not send ${method} requests to endpoints`);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const body = await bodyOf(request, init);
    const opening = endpoint.open({
      url: request.url,
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      timeoutMs: MAIN_BACKSTOP_MS,
    });
    const aborted = signal
      ? new Promise<never>((_, reject) =>
          signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true }),
        )
      : null;
    if (aborted) {
      aborted.catch(() => undefined);
      // An answer that arrives after the abort is let go in main.
      opening
        .then((head) => head.ok && signal?.aborted && void endpoint.cancel(head.id))
        .catch(() => undefined);
    }
    const head = await (aborted ? Promise.race([opening, aborted]) : opening);
    if (!head.ok) throw new TypeError(head.message);
    const { id } = head;
    let finished = false;
    let errorStream: (reason: unknown) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        errorStream = (reason) => controller.error(reason);
      },
      async pull(controller) {
        const chunk = await endpoint.read(id);
        if (finished) return;
        if (isChunkFailure(chunk)) {
          finished = true;
          controller.error(new TypeError(chunk.message));
        } else if (chunk.done) {
          finished = true;
          controller.close();
        } else {
          controller.enqueue(chunk.chunk);
        }
      },
      cancel() {
        if (finished) return;
        finished = true;
        void endpoint.cancel(id);
      },
    });
    signal?.addEventListener(
      'abort',
      () => {
        if (finished) return;
        finished = true;
        errorStream(abortReason(signal));
        void endpoint.cancel(id);
      },
      { once: true },
    );
    const hasBody = !BODILESS.has(head.status);
    if (!hasBody) {
      finished = true;
      void endpoint.cancel(id);
    }
    return new Response(hasBody ? stream : null, {
      status: head.status,
      statusText: head.statusText,
      headers: head.headers,
    });
  };
}
