import { describe, expect, it } from 'vitest';
import { formatPairLink, PairLinkError, pairFromLocationHash, parsePairLink } from './pair-link';

const KEY = `k1_${'QIOWzWFVLn_aeGqUFc_rf26oCcMHfIIbtiwun5fD9b4'}`;
const LINK = { server: 'http://192.168.1.20:8791', code: '793643', key: KEY };
// Exactly as the daemon prints it.
const PRINTED = `ringback://pair?server=http%3A%2F%2F192.168.1.20%3A8791&code=793643&key=${KEY}`;

function problemOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PairLinkError);
    expect((error as PairLinkError).message.length).toBeGreaterThan(10);
    return (error as PairLinkError).problem;
  }
  throw new Error('no error thrown');
}

describe('parsePairLink', () => {
  it('reads the link the daemon prints, and its own format', () => {
    expect(parsePairLink(PRINTED)).toEqual(LINK);
    expect(parsePairLink(`  ${formatPairLink(LINK)}\n`)).toEqual(LINK);
  });

  it('also reads the URL ringback up prints (what its QR code holds), pasted or scanned', () => {
    const url = `http://192.168.1.20:8791/#pair=${encodeURIComponent(PRINTED)}`;
    expect(parsePairLink(url)).toEqual(LINK);
    expect(parsePairLink(` ${url}\n`)).toEqual(LINK);
    expect(problemOf(() => parsePairLink('http://192.168.1.20:8791/#settings'))).toBe('not_a_link');
  });

  it('keeps an https relay with a path, without its trailing slash', () => {
    const link = formatPairLink({ ...LINK, server: 'https://relay.example.org/ringback/' });
    expect(parsePairLink(link).server).toBe('https://relay.example.org/ringback');
  });

  it('says which part is wrong', () => {
    expect(problemOf(() => parsePairLink('hello'))).toBe('not_a_link');
    expect(problemOf(() => parsePairLink('https://example.org/pair?code=123456'))).toBe('not_a_link');
    expect(problemOf(() => parsePairLink('ringback://other?code=123456'))).toBe('not_a_link');
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, server: 'ftp://x' })))).toBe('bad_server');
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, server: '' })))).toBe('bad_server');
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, server: 'http://u:p@x' })))).toBe(
      'bad_server',
    );
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, code: '12345' })))).toBe('bad_code');
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, code: '12345a' })))).toBe('bad_code');
    expect(problemOf(() => parsePairLink(formatPairLink({ ...LINK, key: 'k1_short' })))).toBe('bad_key');
    expect(problemOf(() => parsePairLink(PRINTED.replace(/&key=.*/, '')))).toBe('bad_key');
  });
});

describe('pairFromLocationHash', () => {
  it('reads the link from the fragment ringback up prints', () => {
    expect(pairFromLocationHash(`#pair=${encodeURIComponent(PRINTED)}`)).toEqual(LINK);
  });

  it('is null when the fragment holds no pairing link', () => {
    expect(pairFromLocationHash('')).toBeNull();
    expect(pairFromLocationHash('#')).toBeNull();
    expect(pairFromLocationHash('#settings')).toBeNull();
  });

  it('throws on a damaged one', () => {
    expect(problemOf(() => pairFromLocationHash('#pair=%E0%A4'))).toBe('not_a_link');
    expect(problemOf(() => pairFromLocationHash('#pair='))).toBe('not_a_link');
    const cut = encodeURIComponent(PRINTED.slice(0, PRINTED.length - 5));
    expect(problemOf(() => pairFromLocationHash(`#pair=${cut}`))).toBe('bad_key');
  });
});
