import type { ErrorCode } from '@ringback/protocol';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Reachable without the local API key (only `POST /report`, which has its own origin checks). */
    public?: boolean;
    /** The code a body that fails its schema gets on this route (default `invalid_request`). */
    invalidBodyError?: ErrorCode;
    /**
     * Callable through the relay by a phone holding the end-to-end key. Every other route is
     * refused 403 `not_relayed` there (see `relay-gate.ts`); local-only routes simply omit it.
     */
    relayable?: boolean;
  }
}
