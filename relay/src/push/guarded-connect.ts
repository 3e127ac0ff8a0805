import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';
import { whyAddressRefused } from './address-policy';

/** Whether `error` (or what it wraps) is a refused connection: retrying it would be refused again. */
export function isRefusedAddress(error: unknown): error is Error {
  for (let at = error; at instanceof Error; at = at.cause)
    if ((at as { code?: unknown }).code === 'ERR_PUSH_ADDRESS_REFUSED') return true;
  return false;
}

/** A connection the relay refused to open: the push service's name led to an address it never reaches. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_PUSH_ADDRESS_REFUSED';
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

export interface GuardedConnectOptions {
  /** Connect deadline (ms). */
  timeoutMs: number;
  /** Origins (`URL.origin`) the operator allowed: connected to wherever their names lead. */
  allowedOrigins: readonly string[];
  /** Resolves host names; `dns.lookup` unless a test maps names itself. */
  lookup?: LookupFunction;
}

/**
 * An undici `connect` that checks every connection against the address it actually goes to,
 * not the name in the endpoint: a push service's name that resolves (DNS, /etc/hosts) to a
 * loopback, private, link-local… address is refused before any byte is sent, so the endpoint
 * check at registration cannot be got round by a name pointing inside. The operator's allowed
 * origins are exempt (the local test push service lives on 127.0.0.1).
 */
export function guardedConnect(options: GuardedConnectOptions): buildConnector.connector {
  const resolve = options.lookup ?? (dnsLookup as LookupFunction);
  const allowed = new Set(options.allowedOrigins);
  const open = buildConnector({
    timeout: options.timeoutMs,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const guarded = buildConnector({ timeout: options.timeoutMs, lookup: publicOnlyLookup(resolve) });
  return (target, callback) => {
    if (allowed.has(originOf(target))) {
      open(target, callback);
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    // An address in the URL is connected to without a lookup: judged here.
    if (isIP(host) !== 0) {
      const why = whyAddressRefused(host);
      if (why) {
        callback(new RefusedAddressError(`refused to connect to ${host}: ${why}`), null);
        return;
      }
    }
    guarded(target, callback);
  };
}

function originOf(target: buildConnector.Options): string {
  const port = target.port ? `:${target.port}` : '';
  try {
    return new URL(`${target.protocol}//${target.hostname}${port}`).origin;
  } catch {
    return '';
  }
}

/** A lookup that hands on only public addresses, and fails when a name has none. */
function publicOnlyLookup(resolve: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, found) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const addresses = (Array.isArray(found) ? found : [{ address: found, family: 0 }]) as LookupAddress[];
      const usable = addresses.filter(({ address }) => whyAddressRefused(address) === null);
      const first = usable[0];
      if (!first) {
        const shown = addresses[0];
        const why = shown ? whyAddressRefused(shown.address) : 'no address';
        const refusal = new RefusedAddressError(
          `refused to connect to ${hostname}: it resolves to ${shown?.address ?? 'nothing'}, ${why}`,
        );
        callback(refusal, '', 0);
        return;
      }
      // `all` is what Node asks for when it tries several addresses (autoSelectFamily).
      if (options.all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}
