import { timingSafeEqual } from 'node:crypto';
import { RingbackError } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { isLoopbackHost } from './loopback';

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks that cover the whole local API, before any body is read: a loopback Host on every
 * route, then the local API key as `Authorization: Bearer` on every route not marked public.
 */
export function installLocalGuards(app: FastifyInstance, localApiKey: string): void {
  app.addHook('onRequest', async (request) => {
    if (!isLoopbackHost(request.headers.host)) {
      throw new RingbackError(
        'forbidden_host',
        'the local API answers only requests addressed to a loopback host',
      );
    }
    if (request.routeOptions.config.public) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1] || !sameSecret(match[1], localApiKey)) {
      throw new RingbackError(
        'unauthorized',
        'send the content of local-api.key as Authorization: Bearer <key>',
      );
    }
  });
}
