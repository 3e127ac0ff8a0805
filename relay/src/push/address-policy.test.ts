import { describe, expect, it } from 'vitest';
import { whyAddressRefused } from './address-policy';

describe('whyAddressRefused', () => {
  it('refuses every address family that is not a public host, naming it', () => {
    const refused: [string, RegExp][] = [
      ['127.0.0.1', /loopback/],
      ['127.8.9.10', /loopback/],
      ['::1', /loopback/],
      ['0.0.0.0', /unspecified/],
      ['::', /unspecified/],
      ['10.1.2.3', /private/],
      ['172.20.0.1', /private/],
      ['192.168.1.1', /private/],
      ['100.64.0.1', /carrier-grade NAT/],
      ['169.254.169.254', /link-local/],
      ['fe80::1', /link-local/],
      ['fd00::1', /unique-local/],
      ['fc12:3456::1', /unique-local/],
      ['224.0.0.251', /multicast/],
      ['ff02::1', /multicast/],
      ['255.255.255.255', /reserved/],
      ['::ffff:127.0.0.1', /loopback address \(127\.0\.0\.1 inside IPv6\)/],
      ['[::ffff:7f00:1]', /loopback/],
      ['0:0:0:0:0:ffff:a9fe:a9fe', /link-local address \(169\.254\.169\.254/],
      ['::ffff:10.0.0.1', /private/],
      ['64:ff9b::192.168.0.1', /private/],
      ['fe80::1%eth0', /link-local/],
      ['64:ff9b:1::a00:1', /IPv4 transition/],
      ['::ffff:0:7f00:1', /IPv4 transition/],
      ['::ffff:0:8.8.8.8', /IPv4 transition/],
      ['2002:7f00:1::1', /IPv4 transition/],
      ['2001:0:4136:e378::1', /IPv4 transition/],
      ['push.example.com', /not an IP address/],
    ];
    for (const [address, why] of refused) expect(whyAddressRefused(address), address).toMatch(why);
  });

  it('takes public addresses, mapped ones included', () => {
    for (const address of ['142.250.74.106', '17.253.144.10', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])
      expect(whyAddressRefused(address), address).toBeNull();
  });
});
