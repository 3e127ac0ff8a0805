import { type AllowedBase, isUnderAllowedBase, parseEndpointUrl } from './allowed-bases';
import type { RemoteFetch } from './net-request-fetch';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A request main will not make: the address (or a redirect's) is not one the user configured. */
export class EndpointNotConfigured extends Error {
  override readonly name = 'EndpointNotConfigured';
}

/** Where an address points, for messages: origin and path, never a query (keys travel there). */
export function describeUrl(url: URL): string {
  return `${url.origin}${url.pathname}`;
}

/**
 * fetch that follows redirects itself, so that each hop is checked against the configured bases
 * (fetch's own following would reach any address a server names). `doFetch` answers a redirect
 * with the 3xx itself (RemoteFetch). As browsers do, a hop to
 * another origin drops Authorization, and 303 (or 301/302 after POST) becomes a GET without body.
 */
export async function fetchWithinBases(
  doFetch: RemoteFetch,
  start: URL,
  init: { method: string; headers: Headers; body: string | Uint8Array | undefined; signal: AbortSignal },
  bases: () => readonly AllowedBase[],
): Promise<Response> {
  let url = start;
  let method = init.method;
  let body: string | Uint8Array<ArrayBuffer> | undefined =
    init.body instanceof Uint8Array && !(init.body.buffer instanceof ArrayBuffer)
      ? new Uint8Array(init.body)
      : (init.body as string | Uint8Array<ArrayBuffer> | undefined);
  const headers = new Headers(init.headers);
  for (let hop = 0; ; hop++) {
    const response = await doFetch(url.href, { method, headers, body, signal: init.signal });
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return response;
    await response.body?.cancel().catch(() => undefined);
    if (hop === MAX_REDIRECTS)
      throw new Error(`${describeUrl(start)} redirected more than ${MAX_REDIRECTS} times`);
    let next: URL | null = null;
    try {
      next = parseEndpointUrl(new URL(location, url).href);
    } catch {
      next = null;
    }
    if (!next || !isUnderAllowedBase(next, bases())) {
      throw new EndpointNotConfigured(
        `${describeUrl(url)} redirected to ${next ? describeUrl(next) : 'an address'} that is not a configured endpoint`,
      );
    }
    if (
      response.status === 303 ||
      ((response.status === 301 || response.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = undefined;
      headers.delete('content-type');
    }
    if (next.origin !== url.origin) headers.delete('authorization');
    url = next;
  }
}
