import { isIP } from 'node:net';

/**
 * Whether a URL's hostname names this machine or its local network by name: localhost and
 * `*.localhost`, mDNS `*.local`, loopback and unspecified addresses. Nothing a push service can
 * reach, and nothing the relay should be sent to by a subscription.
 */
export function isLocalHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true;
  if (isIP(host) === 4) return host.startsWith('127.') || host === '0.0.0.0';
  if (isIP(host) === 6) return host === '::1' || host === '::';
  return false;
}
