/**
 * Headers the renderer may not set on a request main makes for it: cookies (main forwards none),
 * the ones fetch computes itself, and hop-by-hop ones.
 */
const DROPPED_REQUEST_HEADERS = new Set([
  'cookie',
  'cookie2',
  'host',
  'origin',
  'referer',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'proxy-authorization',
  'proxy-connection',
]);

/** Cookies from an endpoint are not passed to the renderer (it has no cookie jar for them). */
const DROPPED_RESPONSE_HEADERS = new Set(['set-cookie', 'set-cookie2']);

export function requestHeaders(headers: Record<string, string>): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (!DROPPED_REQUEST_HEADERS.has(name.toLowerCase())) result.append(name, value);
  }
  return result;
}

export function responseHeaders(headers: Headers): Record<string, string> {
  const result: Record<string, string> = {};
  headers.forEach((value, name) => {
    if (!DROPPED_RESPONSE_HEADERS.has(name)) result[name] = value;
  });
  return result;
}
