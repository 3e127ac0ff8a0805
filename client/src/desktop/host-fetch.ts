import { desktopBridge } from './desktop-bridge';
import { createEndpointRouting } from './endpoint-routing';

/**
 * The page's one routing of requests: in the desktop app, requests to the configured relay, model
 * and voice endpoints are made by main (see endpoint-routing.ts); in a browser, and for anything
 * else, the page's own fetch. Hosts pass `hostFetch` where they would pass `fetch`.
 */
export const endpointRouting = createEndpointRouting(desktopBridge());

export const hostFetch: typeof fetch = (input, init) => endpointRouting.fetch(input, init);
