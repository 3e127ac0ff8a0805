import { RingbackError } from '@ringback/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Told to a client refused while this instance is cut off from PostgreSQL. The listener tries
 * again at most 10 s apart, so an instance is usually back within a few seconds; a client
 * behind a balancer does not wait for it, its next try reaches another instance.
 */
const RETRY_AFTER_SECONDS = 5;

export const STREAM_UNAVAILABLE_MESSAGE =
  'this relay instance has lost its link to the database: connect to another or try again shortly';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route opens a connection that lives on the database's notifications (an event stream,
     * a daemon's link): refused while this instance cannot hear them.
     */
    opensStream?: boolean;
  }
}

/** 503 `relay_unavailable`, with `Retry-After` and `Connection: close`. */
export function replyRelayUnavailable(reply: FastifyReply, message?: string): FastifyReply {
  const unavailable = new RingbackError('relay_unavailable', message);
  // A closed connection sends the client's next try to another instance, also behind a balancer
  // that picks the instance per connection.
  return reply
    .status(unavailable.status)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('connection', 'close')
    .send(unavailable.toBody());
}

/**
 * Refuses the routes marked `opensStream` while `acceptsStreams()` says no, before anything else
 * runs: registered ahead of device auth, so a device whose token is not cached here is answered
 * at once instead of after a token read from a database that may be out of reach (up to the
 * pool's connect or answer timeout).
 */
export function installStreamAvailability(app: FastifyInstance, acceptsStreams: () => boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.routeOptions.config.opensStream || acceptsStreams()) return;
    return replyRelayUnavailable(reply, STREAM_UNAVAILABLE_MESSAGE);
  });
}
