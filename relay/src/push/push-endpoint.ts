/**
 * The public push services browsers subscribe with, each by the hosts its endpoints are on:
 * Google FCM (Chrome, Edge on Android), Mozilla autopush (Firefox), Apple (Safari, iPhone
 * home-screen apps; Apple asks senders to allow any host under push.apple.com) and Windows
 * (WNS, whose endpoints are on regional hosts). A host that starts with a dot takes any host
 * under it.
 */
export const KNOWN_PUSH_SERVICES: readonly { name: string; hosts: readonly string[] }[] = [
  { name: 'fcm', hosts: ['fcm.googleapis.com', 'android.googleapis.com'] },
  { name: 'mozilla', hosts: ['updates.push.services.mozilla.com'] },
  { name: 'apple', hosts: ['.push.apple.com'] },
  { name: 'windows', hosts: ['.notify.windows.com'] },
];

const HOW_TO_ALLOW =
  'an operator can allow another push service with --push-origin (or RINGBACK_PUSH_ORIGINS)';

/** An allowed push origin as the relay compares it (`URL.origin`); throws on one that is not http(s). */
export function normalPushOrigin(origin: string): string {
  const url = new URL(origin);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new TypeError(`a push origin must be an http(s) URL, not ${origin}`);
  return url.origin;
}

/**
 * Why the relay will not send to this subscription endpoint, or null when it will. By default
 * only https on port 443 at a known public push service: any other endpoint would let whoever
 * has an account point the relay's requests at anything it can reach. `allowedOrigins` (the
 * operator's own push service, the local test push service) are taken as they are.
 */
export function whyEndpointRefused(endpoint: string, allowedOrigins: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'the push endpoint is not a URL';
  }
  if (allowedOrigins.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'the push endpoint must be an https URL';
  if (url.port !== '') return `the push endpoint must be on port 443 (${HOW_TO_ALLOW})`;
  if (url.username !== '' || url.password !== '') return 'the push endpoint must not carry a user name';
  if (knownPushServiceOf(url.hostname) === undefined)
    return `the push endpoint ${url.origin} is not a known push service (FCM, Mozilla, Apple, Windows); ${HOW_TO_ALLOW}`;
  return null;
}

/** The known push service a host belongs to, or undefined. */
function knownPushServiceOf(hostname: string): string | undefined {
  const host = hostname.toLowerCase();
  return KNOWN_PUSH_SERVICES.find(({ hosts }) =>
    hosts.some((known) =>
      known.startsWith('.') ? host.endsWith(known) && host.length > known.length : host === known,
    ),
  )?.name;
}

/**
 * The push service an endpoint is sent to, as the queue takes turns and caps by it: the known
 * service it matches (all of Apple's or Windows' hosts are one service, so a run of subdomains
 * that never answer holds one service's slots, not one set per subdomain), else its origin (an
 * operator's allowed push service).
 */
export function pushServiceOf(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return knownPushServiceOf(url.hostname) ?? url.origin;
  } catch {
    return 'an unreadable endpoint';
  }
}
