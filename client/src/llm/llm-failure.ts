import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { requestTimeoutIn } from '../net';

/** A model call that failed, with the reason in plain words for the page (never the key). */
export class LlmCallError extends Error {
  override readonly name = 'LlmCallError';
  constructor(
    readonly reason: string,
    /** The endpoint's HTTP status, when it answered at all. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(reason, options);
  }
}

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** The endpoint's own words, shortened, with the key cut out in case it echoes it. */
function endpointMessage(error: APIError, apiKey: string): string {
  const body = error.error as { message?: unknown } | undefined;
  const raw = typeof body?.message === 'string' ? body.message : '';
  const scrubbed = apiKey.length >= 4 ? raw.split(apiKey).join('[key]') : raw;
  const short = scrubbed.length > 200 ? `${scrubbed.slice(0, 200)}…` : scrubbed;
  return short ? `: ${short}` : '';
}

export function isAbort(error: unknown): boolean {
  return (
    error instanceof APIUserAbortError ||
    (error instanceof Error && error.name === 'AbortError') ||
    (error instanceof DOMException && error.name === 'AbortError')
  );
}

/** Every way an SDK call fails, as a sentence a user can act on. */
export function describeLlmFailure(
  error: unknown,
  endpoint: { baseUrl: string; apiKey: string; model?: string },
): LlmCallError {
  const host = hostOf(endpoint.baseUrl);
  const make = (reason: string, status?: number) => new LlmCallError(reason, status, { cause: error });
  if (error instanceof LlmCallError) return error;
  const timeout = requestTimeoutIn(error);
  if (timeout) return make(timeout.message);
  if (isAbort(error)) return make('the request was cancelled');
  if (error instanceof APIConnectionTimeoutError) return make(`${host} did not answer in time`);
  if (error instanceof APIConnectionError)
    // In a page, a CORS refusal looks exactly like a network failure.
    return make(
      `cannot reach ${host} (check the address, the network, and that it allows this page's origin)`,
    );
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = endpointMessage(error, endpoint.apiKey);
    if (status === 401) return make(`${host} refused the API key`, status);
    if (status === 403) return make(`${host} does not allow this key to do that${detail}`, status);
    if (status === 404)
      return make(
        endpoint.model
          ? `not found: check the base address and that model "${endpoint.model}" exists${detail}`
          : `not found: check the base address${detail}`,
        status,
      );
    if (status === 429)
      return make(`${host} is rate-limiting this key or its quota is used up${detail}`, status);
    if (status >= 500) return make(`${host} had an internal error (HTTP ${status})`, status);
    return make(`${host} rejected the request (HTTP ${status})${detail}`, status);
  }
  return make(`the call to ${host} failed (${error instanceof Error ? error.message : 'unknown error'})`);
}
