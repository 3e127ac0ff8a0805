import { isIP } from 'node:net';

/**
 * Which `X-Forwarded-For` entries the relay believes: none (`false`), the last `n` hops (the
 * proxies in front of it), or the hops that come from these proxy addresses / CIDRs. Fastify
 * then takes the client address as the first hop not trusted, counted from the relay's side,
 * so a value the client wrote itself (the leftmost entries) is never taken while a trusted
 * proxy appended the address it saw.
 */
export type TrustProxy = false | number | string[];

/** Names proxy-addr knows for whole ranges (loopback, link-local, unique-local). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 16;

/**
 * `RINGBACK_TRUST_PROXY`: unset, `false` or `0` trusts no proxy; a number is how many proxies
 * stand in front of the relay; anything else is a comma-separated list of proxy addresses or
 * CIDRs (`10.0.0.1,10.0.0.0/8`). `true` was the only setting before hops could be given and
 * meant "believe the leftmost entry", which any client writes; it now means one proxy in front.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) throw new Error(`RINGBACK_TRUST_PROXY: ${hops} proxies in front is not believable`);
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    if (!isProxyAddress(entry))
      throw new Error(
        `RINGBACK_TRUST_PROXY: "${entry}" is not a number of proxies, an IP address or a CIDR (10.0.0.0/8)`,
      );
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for a setting. Fastify itself refuses to trust a bare hop count (a
 * client that reaches the relay directly could then write the address it likes): given one,
 * the relay must be reachable only through its proxies, as README says, and the relay-wide
 * ceiling on wrong codes holds even when it is not.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}
