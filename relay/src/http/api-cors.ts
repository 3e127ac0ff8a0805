import type { FastifyInstance } from 'fastify';

const API_PREFIX = '/v1/';
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** What the app sends: its bearer token, JSON bodies, and the stream's resume point. */
const ALLOWED_HEADERS = 'authorization, content-type, last-event-id';
/**
 * The app reads Retry-After to pace its retries after 429 and 503, and Date for the relay's time
 * (a permission call's expiry is reckoned on it, not on a phone clock that may be minutes off).
 */
const EXPOSED_HEADERS = 'retry-after, date';
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * The API under `/v1/` answers pages of any origin: the desktop app's page is `app://ringback`,
 * and a web build may be paired with another relay than the one that served it. That is safe
 * because the API is authorised only by bearer tokens the page holds, never by cookies, so
 * `*` is sent without `Access-Control-Allow-Credentials`: a page without a token gets nothing
 * it could not get from anywhere. The app's own pages stay same-origin.
 *
 * Registered before device auth, so a preflight (which carries no token) is answered here.
 */
export function installApiCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith(API_PREFIX) || request.headers.origin === undefined) return;
    // On the raw response: the event stream writes its own head (hijacked), and Node merges
    // these into whatever head is written.
    reply.raw.setHeader('access-control-allow-origin', '*');
    reply.raw.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.method !== 'OPTIONS' || request.headers['access-control-request-method'] === undefined)
      return;
    return reply
      .status(204)
      .header('access-control-allow-methods', ALLOWED_METHODS)
      .header('access-control-allow-headers', ALLOWED_HEADERS)
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE_SECONDS))
      .send();
  });
}
