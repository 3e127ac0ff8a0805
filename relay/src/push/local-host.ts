import { isIP } from 'node:net';
import { whyAddressRefused } from './address-policy';

/**
 * Names no one outside can resolve: this machine (localhost), the local network (mDNS `.local`,
 * `.internal`, `.home.arpa`, `.lan`) and the names reserved never to resolve (`.invalid`, `.test`).
 * `.example` is reserved too, but documentation and tests use it: it is left to the operator.
 */
const PRIVATE_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.invalid', '.test'];

/**
 * Why a host name (or address) in a VAPID subject is one a push service cannot reach or resolve
 * (`'names localhost'`, `'is a loopback address'`…), or null. A push service such as Apple's checks
 * the subject and refuses every push signed with one it cannot use.
 */
export function whyHostNotPublic(hostname: string): string | null {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (host === 'localhost') return 'names localhost';
  if (isIP(host) !== 0) {
    const why = whyAddressRefused(host);
    return why ? `is ${why}` : null;
  }
  const suffix = PRIVATE_SUFFIXES.find((end) => host.endsWith(end) || host === end.slice(1));
  if (suffix) return `names a local or reserved domain (${suffix})`;
  if (!host.includes('.')) return `names a host without a domain (${host})`;
  return null;
}
