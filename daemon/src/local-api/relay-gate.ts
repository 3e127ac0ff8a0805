import { randomBytes, timingSafeEqual } from 'node:crypto';
import { RingbackError, type SettingsResultPlaintext } from '@ringback/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Marks a request the daemon runs for the relay; its value is a secret of this process. */
const RELAYED_HEADER = 'x-ringback-relayed';

type RelayedMethod = 'GET' | 'PUT' | 'POST' | 'DELETE';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Runs a request that came through the relay with the local API's own routes. Only routes
     * that declare `config.relayable` run; any other is refused 403 `not_relayed` once routing
     * has decided which route the path reaches, before its body is read or its handler runs.
     */
    runRelayed(method: RelayedMethod, path: string, body: unknown): Promise<SettingsResultPlaintext>;
  }
  interface FastifyRequest {
    /** True when the request came through the relay (a route may accept less from there). */
    relayed: boolean;
  }
}

function isRelayed(request: FastifyRequest, secret: Buffer): boolean {
  const presented = request.headers[RELAYED_HEADER];
  if (typeof presented !== 'string') return false;
  const bytes = Buffer.from(presented);
  return bytes.length === secret.length && timingSafeEqual(bytes, secret);
}

/**
 * The relay may reach only routes that say so. Which route runs is decided by the router, not
 * by how the path is spelled (`/./e2e/key`, `/%65%32%65/key`, `\e2e\key` all reach `/e2e/key`),
 * so the check reads the matched route's config after routing. A path no route matches gets the
 * same 403, so a refusal tells nothing about which local routes exist.
 *
 * A relayed request is marked with a header whose value is drawn once per process and never
 * leaves it: a local caller cannot present it, and a relayed request always carries it.
 */
export function installRelayGate(app: FastifyInstance, localApiKey: string): void {
  const secret = Buffer.from(randomBytes(32).toString('base64url'));

  app.decorateRequest('relayed', false);
  // onRequest runs after routing and before the body is read: nothing of a refused request runs.
  app.addHook('onRequest', async (request) => {
    request.relayed = isRelayed(request, secret);
    if (request.relayed && request.routeOptions.config.relayable !== true) {
      throw new RingbackError('not_relayed', 'this is callable only on this computer, not through the relay');
    }
  });

  app.decorate('runRelayed', async (method: RelayedMethod, path: string, body: unknown) => {
    // The phone's body is a JSON value of any kind: it goes on as JSON text, as a local client's would.
    const response = await app.inject({
      method,
      url: path,
      headers: {
        host: '127.0.0.1',
        authorization: `Bearer ${localApiKey}`,
        [RELAYED_HEADER]: secret.toString(),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, body: response.body ? parsedBody(response.body) : null };
  });
}

function parsedBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
