import { generateE2eKey } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { formatPairLink, parsePairLink } from './pair-link';

describe('pair links', () => {
  it('round-trips server, code and key', () => {
    const link = { server: 'https://relay.example.com/ringback', code: '042917', key: generateE2eKey() };
    const text = formatPairLink(link);
    expect(text).toMatch(/^ringback:\/\/pair\?server=https%3A%2F%2Frelay/);
    expect(parsePairLink(text)).toEqual(link);
  });

  it('refuses what is not a complete pair link', () => {
    const key = generateE2eKey();
    for (const text of [
      '123456',
      'https://relay.example.com/pair?server=http://x&code=123456',
      `ringback://pair?server=ftp://x&code=123456&key=${key}`,
      `ringback://pair?server=http://x&code=12345&key=${key}`,
      'ringback://pair?server=http://x&code=123456&key=k1_short',
    ])
      expect(parsePairLink(text), text).toBeNull();
  });
});
