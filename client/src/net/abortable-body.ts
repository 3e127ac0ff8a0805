/** Statuses whose answers may not carry a body (the Response constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * The same answer, but reading its body fails with `signal`'s reason as soon as it aborts. A
 * browser's fetch already does that; others (test doubles, some native shells) only abort the
 * request and leave a body half-read forever, so a deadline would not end the read.
 */
export function abortableBody(response: Response, signal: AbortSignal): Response {
  const source = response.body;
  if (!source || NULL_BODY.has(response.status)) return response;
  const reader = source.getReader();
  let onAbort = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      onAbort = () => {
        controller.error(signal.reason);
        reader.cancel(signal.reason).catch(() => {});
      };
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      try {
        const chunk = await reader.read();
        if (chunk.done) {
          signal.removeEventListener('abort', onAbort);
          controller.close();
        } else controller.enqueue(chunk.value);
      } catch (error) {
        // Also reached when the read ends after an abort already errored this stream: a no-op then.
        signal.removeEventListener('abort', onAbort);
        controller.error(error);
      }
    },
    cancel(reason) {
      signal.removeEventListener('abort', onAbort);
      return reader.cancel(reason);
    },
  });
  const guarded = new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // A new Response has no address of its own; keep the original's for whoever reads it.
  Object.defineProperty(guarded, 'url', { value: response.url });
  return guarded;
}

/** `base`, with every answer's body read through `abortableBody` under the request's own signal. */
export function withAbortableBodies(base: typeof fetch): typeof fetch {
  return async (input, init) => {
    const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
    const response = await base(input, init);
    return signal ? abortableBody(response, signal) : response;
  };
}
