import { BlockList, isIP } from 'node:net';

/**
 * The address ranges a push may never be sent to: this machine, its networks and addresses no
 * public push service has. A subscription names its endpoint, so without this check anyone with
 * an account could point the relay's requests at a service beside it (cloud metadata at
 * 169.254.169.254, a database on 10.x, an admin page on localhost).
 */
const RANGES: readonly { label: string; subnets: readonly [string, number, 'ipv4' | 'ipv6'][] }[] = [
  {
    label: 'an unspecified address',
    subnets: [
      ['0.0.0.0', 8, 'ipv4'],
      ['::', 128, 'ipv6'],
    ],
  },
  {
    label: 'a loopback address',
    subnets: [
      ['127.0.0.0', 8, 'ipv4'],
      ['::1', 128, 'ipv6'],
    ],
  },
  {
    label: 'a private address',
    subnets: [
      ['10.0.0.0', 8, 'ipv4'],
      ['172.16.0.0', 12, 'ipv4'],
      ['192.168.0.0', 16, 'ipv4'],
      // IETF protocol assignments and benchmarking networks: never a public service either.
      ['192.0.0.0', 24, 'ipv4'],
      ['198.18.0.0', 15, 'ipv4'],
    ],
  },
  { label: 'a carrier-grade NAT address', subnets: [['100.64.0.0', 10, 'ipv4']] },
  {
    label: 'a link-local address',
    subnets: [
      ['169.254.0.0', 16, 'ipv4'],
      ['fe80::', 10, 'ipv6'],
    ],
  },
  {
    label: 'a unique-local address',
    subnets: [
      ['fc00::', 7, 'ipv6'],
      ['fec0::', 10, 'ipv6'],
    ],
  },
  {
    label: 'a multicast address',
    subnets: [
      ['224.0.0.0', 4, 'ipv4'],
      ['ff00::', 8, 'ipv6'],
    ],
  },
  {
    label: 'a reserved address',
    subnets: [
      ['240.0.0.0', 4, 'ipv4'],
      ['100::', 64, 'ipv6'],
    ],
  },
  {
    // Ways to reach an IPv4 host (or a tunnel's far end) through an IPv6 address whose IPv4 part
    // sits where embeddedIpv4 does not look: no push service is reached that way, so all refused.
    label: 'an IPv4 transition address',
    subnets: [
      ['64:ff9b:1::', 48, 'ipv6'], // local-use NAT64 (RFC 8215)
      ['::ffff:0:0:0', 96, 'ipv6'], // SIIT IPv4-translated, ::ffff:0:a.b.c.d (RFC 2765)
      ['2002::', 16, 'ipv6'], // 6to4
      ['2001::', 32, 'ipv6'], // Teredo
    ],
  },
];

const LISTS = RANGES.map(({ label, subnets }) => {
  const list = new BlockList();
  for (const [network, prefix, family] of subnets) list.addSubnet(network, prefix, family);
  return { label, list };
});

/**
 * Why the relay will not connect to this IP address (`'a loopback address'`…), or null for a
 * public one. An IPv4 address inside IPv6 (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`) is
 * judged by the IPv4 address it carries. Anything that is not an IP address is refused.
 */
export function whyAddressRefused(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const embedded = embeddedIpv4(bare);
    if (embedded !== null) {
      const why = whyAddressRefused(embedded);
      return why === null ? null : `${why} (${embedded} inside IPv6)`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return LISTS.find(({ list }) => list.check(bare, type))?.label ?? null;
}

/** The IPv4 address an IPv4-mapped or NAT64 (well-known prefix) IPv6 address carries, or null. */
function embeddedIpv4(ipv6: string): string | null {
  const groups = expandIpv6(ipv6);
  const head = groups
    .slice(0, 6)
    .map((group) => group.toString(16))
    .join(':');
  const mapped = head === '0:0:0:0:0:ffff';
  // ::a.b.c.d (IPv4-compatible, deprecated) and 64:ff9b::a.b.c.d (NAT64) reach IPv4 hosts too.
  const compatible = head === '0:0:0:0:0:0' && (groups[6] ?? 0) !== 0;
  const nat64 = head === '64:ff9b:0:0:0:0';
  if (!mapped && !compatible && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** An IPv6 address as its eight 16-bit groups (numbers), `::` and a dotted IPv4 tail expanded. */
function expandIpv6(ipv6: string): number[] {
  // The URL parser writes any IPv6 address in its canonical form, a dotted tail as hex groups.
  const canonical = new URL(`http://[${ipv6.split('%')[0]}]/`).hostname.replace(/^\[|\]$/g, '');
  const [left = '', right] = canonical.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const head = parse(left);
  if (right === undefined) return head;
  const tail = parse(right);
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}
