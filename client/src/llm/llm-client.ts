import { OpenAI } from 'openai';
import { endpointRouting, hostFetch } from '../desktop/host-fetch';
import { withAbortableBodies } from '../net';

/** What the app needs to call the user's own OpenAI-compatible endpoint. */
export interface LlmEndpoint {
  /** Already normalised (see normalizeBaseUrl). */
  baseUrl: string;
  apiKey: string;
  model: string;
}

export interface LlmClientOptions {
  /** Injected in tests; else the host's (in the desktop app, main makes the request). */
  fetch?: typeof globalThis.fetch;
}

/**
 * The SDK's own timer stops at the headers and names no deadline. Each call sets its own (see
 * `net/deadlines`), which covers the whole answer and names the endpoint; this one only stands
 * behind them, so it is the SDK's default.
 */
const SDK_BACKSTOP_MS = 10 * 60_000;

/**
 * The SDK adds `X-Stainless-*` telemetry headers and a User-Agent. From a page each non-standard header must pass the
 * endpoint's CORS preflight, and many self-hosted servers allow only Authorization and Content-Type, so
 * they are dropped before the request leaves.
 */
export function withoutSdkHeaders(fetchImpl?: typeof globalThis.fetch): typeof globalThis.fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const name of [...headers.keys()])
      if (name.startsWith('x-stainless-') || name === 'user-agent') headers.delete(name);
    // Resolved per call, so a fetch patched after the client was made (tests, shells) is still used.
    return (fetchImpl ?? hostFetch)(input, { ...init, headers });
  };
}

/**
 * An SDK client for a page. The key is the user's own and goes only to the endpoint they chose, which is
 * what "dangerouslyAllowBrowser" guards against. No retries: a user is waiting on the phone, and a failed
 * answer falls back to reading the original text. (The SDK needs no crypto.subtle / randomUUID: it falls
 * back to getRandomValues, so it also works on plain-http LAN pages.)
 */
export function createLlmClient(
  endpoint: Pick<LlmEndpoint, 'baseUrl' | 'apiKey'>,
  options: LlmClientOptions = {},
): OpenAI {
  return new OpenAI({
    baseURL: endpoint.baseUrl,
    apiKey: endpoint.apiKey,
    dangerouslyAllowBrowser: true,
    maxRetries: 0,
    timeout: SDK_BACKSTOP_MS,
    // A deadline that aborts mid-answer must end the body's read too, whatever fetch is used.
    fetch: withAbortableBodies(withoutSdkHeaders(options.fetch ?? desktopAware(endpoint.baseUrl))),
  });
}

/**
 * The host's fetch, with the endpoint allowed first: a model being tried on the settings page is
 * not saved yet, and in the desktop app main reaches only the endpoints it was told of.
 */
function desktopAware(baseUrl: string): typeof globalThis.fetch {
  return async (input, init) => {
    await endpointRouting.tryOut([baseUrl]);
    return hostFetch(input, init);
  };
}
