import { Readable } from 'node:stream';

/** What main asks of a remote endpoint: one hop, whose redirect comes back as it is. */
export interface RemoteRequestInit {
  method: string;
  headers: Headers;
  body: string | Uint8Array<ArrayBuffer> | undefined;
  signal: AbortSignal;
}

/**
 * A fetch for remote endpoints that never follows a redirect: a 3xx comes back as its own
 * response, with the absolute address in `location`, so the caller checks every hop itself.
 * Node's fetch with `redirect: 'manual'` behaves so; Electron's `net.fetch` does not (its
 * manual mode ends the request with "Redirect was cancelled" and the address is lost), hence
 * `netRequestFetch` below.
 */
export type RemoteFetch = (url: string, init: RemoteRequestInit) => Promise<Response>;

/** The part of Electron's ClientRequest (`net.request`) this uses. */
export type NetClientRequest = Pick<Electron.ClientRequest, 'on' | 'setHeader' | 'write' | 'end' | 'abort'>;
export type NetRequest = (options: Electron.ClientRequestConstructorOptions) => NetClientRequest;

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * RemoteFetch over Electron's `net.request`: Chromium's network stack with the default
 * session's system proxy, PAC script and OS certificate store, as the browser reaches the web.
 * No cookies or stored credentials go out (`credentials: 'omit'`), nothing is cached. On a
 * redirect the request is aborted inside the `redirect` event (Electron cancels one that is not
 * followed synchronously) and the redirect is answered as a bodiless 3xx response.
 */
export function netRequestFetch(request: NetRequest): RemoteFetch {
  return (url, init) =>
    new Promise<Response>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        outcome();
      };
      if (init.signal.aborted) return reject(abortReason(init.signal));
      const req = request({
        url,
        method: init.method,
        redirect: 'manual',
        credentials: 'omit',
        useSessionCookies: false,
        cache: 'no-store',
      });
      // Stays armed after the head: aborting later stops the body at its source.
      init.signal.addEventListener(
        'abort',
        () => {
          req.abort();
          settle(() => reject(abortReason(init.signal)));
        },
        { once: true },
      );
      /** A head Electron delivered that no Response can hold fails the fetch, as a browser's would. */
      const answer = (build: () => Response) => {
        if (settled) return;
        let response: Response;
        try {
          response = build();
        } catch (error) {
          req.abort();
          settle(() =>
            reject(
              error instanceof TypeError && error.message === 'fetch failed'
                ? error
                : new TypeError('fetch failed', { cause: error }),
            ),
          );
          return;
        }
        settle(() => resolve(response));
      };
      req.on('redirect', (statusCode, _method, redirectUrl, responseHeaders) => {
        req.abort();
        answer(() => {
          const headers = headersOf(responseHeaders);
          headers.set('location', redirectUrl);
          return responseOf(null, statusCode, '', headers);
        });
      });
      req.on('response', (message) =>
        answer(() => {
          const headers = headersOf(message.headers);
          const status = message.statusCode;
          checkStatus(status);
          const body =
            NULL_BODY_STATUSES.has(status) || init.method === 'HEAD'
              ? null
              : (Readable.toWeb(message as unknown as Readable) as ReadableStream<Uint8Array>);
          return responseOf(body, status, message.statusMessage, headers);
        }),
      );
      req.on('error', (error) => settle(() => reject(new TypeError('fetch failed', { cause: error }))));
      init.headers.forEach((value, name) => {
        req.setHeader(name, value);
      });
      if (init.body !== undefined)
        req.write(typeof init.body === 'string' ? init.body : Buffer.from(init.body));
      req.end();
    });
}

function headersOf(from: Record<string, string | string[]>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(from)) {
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

/** A Response holds statuses 200 to 599 only; anything else the server sent is a failed fetch. */
function checkStatus(status: number): void {
  if (!Number.isInteger(status) || status < 200 || status > 599)
    throw new TypeError('fetch failed', {
      cause: new RangeError(
        `the server answered with status ${status}, which is not an HTTP status a fetch can return`,
      ),
    });
}

/** The status text is only words for people: one a Response refuses (not Latin-1) is left out. */
function responseOf(
  body: ReadableStream<Uint8Array> | null,
  status: number,
  statusText: string,
  headers: Headers,
): Response {
  checkStatus(status);
  try {
    return new Response(body, { status, statusText, headers });
  } catch {
    return new Response(body, { status, headers });
  }
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}
