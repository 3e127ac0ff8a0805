import { isE2eKey } from '@ringback/protocol';

/** What a pairing link carries: the relay, a single-use 6-digit code, and the end-to-end key. */
export interface PairLink {
  /** The relay's URL, http(s), without a trailing slash. */
  server: string;
  code: string;
  /** `k1_…`: it travels only inside the link (or the URL fragment), never to the relay. */
  key: string;
}

export type PairLinkProblem = 'not_a_link' | 'bad_server' | 'bad_code' | 'bad_key';

/** Why a pasted or scanned text is not a pairing link, in words for the welcome page. */
export class PairLinkError extends Error {
  readonly problem: PairLinkProblem;
  constructor(problem: PairLinkProblem, message: string) {
    super(message);
    this.name = 'PairLinkError';
    this.problem = problem;
  }
}

const HASH_PREFIX = '#pair=';

/** `ringback://pair?server=…&code=…&key=…`, as the daemon prints it. */
export function formatPairLink(link: PairLink): string {
  const query = new URLSearchParams({ server: link.server, code: link.code, key: link.key });
  return `ringback://pair?${query.toString()}`;
}

/**
 * Reads a `ringback://pair?…` link, or the app URL carrying one in its fragment (what `ringback up`
 * prints and its QR code holds); throws PairLinkError saying which part is wrong.
 */
export function parsePairLink(text: string): PairLink {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new PairLinkError('not_a_link', 'This is not a Ringback pairing link (ringback://pair?…).');
  }
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hash.startsWith(HASH_PREFIX)) {
    return pairFromLocationHash(url.hash) as PairLink;
  }
  // `ringback://pair?…` parses with host `pair`; `ringback:pair?…` with path `pair`.
  const target = url.hostname || url.pathname.replace(/^\/+/, '');
  if (url.protocol !== 'ringback:' || target !== 'pair')
    throw new PairLinkError('not_a_link', 'This is not a Ringback pairing link (ringback://pair?…).');
  const server = parseServer(url.searchParams.get('server'));
  const code = url.searchParams.get('code') ?? '';
  if (!/^\d{6}$/.test(code))
    throw new PairLinkError(
      'bad_code',
      'The pairing link has no valid 6-digit code: make a new one with `ringback pair`.',
    );
  const key = url.searchParams.get('key') ?? '';
  if (!isE2eKey(key))
    throw new PairLinkError(
      'bad_key',
      'The pairing link has no valid end-to-end key (k1_…): copy the whole link.',
    );
  return { server, code, key };
}

/**
 * The pairing link in a page URL's fragment (`#pair=<encoded link>`, as `ringback up` prints
 * it): null when the fragment holds none, PairLinkError when it holds a broken one.
 */
export function pairFromLocationHash(hash: string): PairLink | null {
  if (!hash.startsWith(HASH_PREFIX)) return null;
  let link: string;
  try {
    link = decodeURIComponent(hash.slice(HASH_PREFIX.length));
  } catch {
    throw new PairLinkError('not_a_link', 'The pairing link in this address is damaged: copy the whole URL.');
  }
  return parsePairLink(link);
}

function parseServer(raw: string | null): string {
  let server: URL;
  try {
    server = new URL(raw ?? '');
  } catch {
    throw new PairLinkError('bad_server', 'The pairing link does not name a relay address.');
  }
  if (server.protocol !== 'http:' && server.protocol !== 'https:')
    throw new PairLinkError(
      'bad_server',
      'The relay address in the pairing link must start with http:// or https://.',
    );
  if (server.username || server.password || server.search || server.hash)
    throw new PairLinkError(
      'bad_server',
      'The relay address in the pairing link is not a plain http(s) address.',
    );
  return server.href.replace(/\/+$/, '');
}
