import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('trusts no proxy when unset, empty, false or 0', () => {
    for (const value of [undefined, '', ' ', 'false', '0']) expect(parseTrustProxy(value)).toBe(false);
  });

  it('reads a number of proxies in front, and true as one', () => {
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('true')).toBe(1);
  });

  it('reads a list of proxy addresses and CIDRs', () => {
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8,2001:db8::/32,loopback')).toEqual([
      '10.0.0.1',
      '10.0.0.0/8',
      '2001:db8::/32',
      'loopback',
    ]);
  });

  it('refuses what it cannot read, rather than trusting the wrong hop', () => {
    for (const value of ['yes', '10.0.0.0/33', '10.0.0.1/8/1', 'example.com', '99'])
      expect(() => parseTrustProxy(value), value).toThrow(/RINGBACK_TRUST_PROXY/);
  });
});
