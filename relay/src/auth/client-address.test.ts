import { describe, expect, it } from 'vitest';
import { attemptKeyOf } from './client-address';

describe('attemptKeyOf', () => {
  it('keeps an IPv4 address, and turns an IPv4-mapped IPv6 address into it', () => {
    expect(attemptKeyOf('203.0.113.7')).toBe('203.0.113.7');
    expect(attemptKeyOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(attemptKeyOf('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(attemptKeyOf('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 as one, however it is spelled', () => {
    const keys = [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:fffe',
      '2001:0DB8:0001:0002:1234:5678:9abc:def0',
      '2001:db8:1:2:0:0:0:7%eth0',
      '2001:db8:1:2::10.0.0.1',
    ].map(attemptKeyOf);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
  });

  it('tells different /64s apart', () => {
    expect(attemptKeyOf('2001:db8:1:3::1')).not.toBe(attemptKeyOf('2001:db8:1:2::1'));
    expect(attemptKeyOf('::1')).toBe('0:0:0:0::/64');
    expect(attemptKeyOf('fe80::1')).toBe('fe80:0:0:0::/64');
  });

  it('keeps anything that is not an address as it is', () => {
    expect(attemptKeyOf('not-an-address')).toBe('not-an-address');
  });
});
