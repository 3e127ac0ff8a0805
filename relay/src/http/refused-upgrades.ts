import type { FastifyInstance } from 'fastify';

/**
 * Ends the connection of a WebSocket upgrade refused by a root hook (device auth's 401, the
 * stream availability 503). Node's HTTP server hands an upgrade's socket over and no longer
 * closes it; @fastify/websocket destroys it after a response only when its own `onRequest` ran,
 * and that hook is registered with the daemon link's routes, after the root hooks that refused.
 * Left alone the socket stays half-open once the client leaves: one leaked per refused try, and
 * `close()` waits for them forever.
 */
export function closeRefusedUpgrades(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    const upgrade = request.headers.upgrade;
    // `request.ws` is true where @fastify/websocket saw the request (it cleans up those itself).
    if (typeof upgrade === 'string' && upgrade.toLowerCase() === 'websocket' && request.ws !== true)
      request.raw.socket.destroy();
  });
}
