import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { parsePairLink } from '../relay/pair-link';
import { appUrl, firstLanAddress, lanOffer } from './app-url';

const KEY = `k1_${'A'.repeat(43)}`;
const offer = {
  serverUrl: 'http://127.0.0.1:8791',
  code: '123456',
  key: KEY,
  expiresAt: '2030-01-01T00:00:00.000Z',
  link: `ringback://pair?server=http%3A%2F%2F127.0.0.1%3A8791&code=123456&key=${KEY}`,
};

const info = (address: string, family: 'IPv4' | 'IPv6', internal: boolean) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

describe('the app URL', () => {
  it('carries the pairing link, encoded, in the fragment of the relay URL', () => {
    const url = new URL(appUrl(offer));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8791/');
    expect(url.search).toBe('');
    expect(url.hash.startsWith('#pair=')).toBe(true);
    expect(decodeURIComponent(url.hash.slice('#pair='.length))).toBe(offer.link);
  });

  it('keeps a relay path and drops a trailing slash', () => {
    expect(appUrl({ ...offer, serverUrl: 'https://example.org/ringback/' })).toMatch(
      /^https:\/\/example\.org\/ringback\/#pair=ringback%3A%2F%2Fpair%3F/,
    );
  });

  it('names the LAN URL as the server of the LAN offer, same code and key', () => {
    const lan = lanOffer(offer, 'http://192.168.1.20:8791');
    expect(parsePairLink(lan.link)).toEqual({ server: 'http://192.168.1.20:8791', code: '123456', key: KEY });
    expect(appUrl(lan).startsWith('http://192.168.1.20:8791/#pair=')).toBe(true);
  });
});

describe('the LAN address', () => {
  it('is the first non-internal IPv4 address', () => {
    expect(
      firstLanAddress({
        lo: [info('127.0.0.1', 'IPv4', true)],
        wlan0: [info('fe80::1', 'IPv6', false), info('192.168.1.20', 'IPv4', false)],
        eth1: [info('10.0.0.2', 'IPv4', false)],
      }),
    ).toBe('192.168.1.20');
  });

  it('is null with only loopback or IPv6', () => {
    expect(
      firstLanAddress({ lo: [info('127.0.0.1', 'IPv4', true)], eth0: [info('fd00::2', 'IPv6', false)] }),
    ).toBe(null);
  });
});
