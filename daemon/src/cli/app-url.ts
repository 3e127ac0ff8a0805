import { networkInterfaces } from 'node:os';
import type { PairingOffer } from '@ringback/protocol';
import { formatPairLink } from '../relay/pair-link';

/**
 * The one URL to open: the relay serves the app at `/`, and the fragment (which a browser never
 * sends to a server) carries the pairing link, so the page that opens it joins the account at once.
 */
export function appUrl(offer: Pick<PairingOffer, 'serverUrl' | 'link'>): string {
  return `${offer.serverUrl.replace(/\/+$/, '')}/#pair=${encodeURIComponent(offer.link)}`;
}

/** The first non-internal IPv4 address: what a phone on the same network reaches this computer at. */
export function firstLanAddress(interfaces = networkInterfaces()): string | null {
  for (const addresses of Object.values(interfaces)) {
    for (const address of addresses ?? []) {
      if (address.family === 'IPv4' && !address.internal) return address.address;
    }
  }
  return null;
}

/** The same offer reached over the LAN: its link names the LAN URL as the server. */
export function lanOffer(offer: PairingOffer, lanServerUrl: string): PairingOffer {
  return {
    ...offer,
    serverUrl: lanServerUrl,
    link: formatPairLink({ server: lanServerUrl, code: offer.code, key: offer.key }),
  };
}
