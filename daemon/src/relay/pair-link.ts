import { isE2eKey } from '@ringback/protocol';

export interface PairLink {
  server: string;
  code: string;
  /** The e2e key: it travels only inside the link or its QR code, never to the relay. */
  key: string;
}

export function formatPairLink(link: PairLink): string {
  const query = new URLSearchParams({ server: link.server, code: link.code, key: link.key });
  return `ringback://pair?${query.toString()}`;
}

/** A `ringback://pair?server=…&code=…&key=…` link, or null when the text is not one. */
export function parsePairLink(text: string): PairLink | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'ringback:' || (url.hostname || url.pathname.replace(/^\/+/, '')) !== 'pair')
    return null;
  const server = url.searchParams.get('server') ?? '';
  const code = url.searchParams.get('code') ?? '';
  const key = url.searchParams.get('key') ?? '';
  if (!/^https?:\/\//.test(server) || !/^\d{6}$/.test(code) || !isE2eKey(key)) return null;
  return { server, code, key };
}
