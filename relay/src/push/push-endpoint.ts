import { isLocalHost } from './local-host';

/**
 * Why the relay will not send to this subscription endpoint, or null when it will. Push services
 * are https; an endpoint on this machine would let a device point the relay's requests at local
 * services. A relay started with `allowHttpEndpoints` (tests, with a local push service) takes
 * http and local endpoints too.
 */
export function whyEndpointRefused(
  endpoint: string,
  allowHttpEndpoints: boolean,
  allowedOrigins: readonly string[] = [],
): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'the push endpoint is not a URL';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (allowHttpEndpoints && (url.protocol === 'http:' || url.protocol === 'https:')) return null;
  if (url.protocol !== 'https:') return 'the push endpoint must be an https URL';
  if (isLocalHost(url.hostname)) return 'the push endpoint must not be a local address';
  return null;
}
