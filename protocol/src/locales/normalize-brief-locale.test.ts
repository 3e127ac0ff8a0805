import { describe, expect, it } from 'vitest';
import { BRIEF_LOCALES } from './brief-locales';
import { normalizeBriefLocale } from './normalize-brief-locale';

describe('normalizeBriefLocale', () => {
  it('returns every table tag unchanged', () => {
    for (const tag of BRIEF_LOCALES) expect(normalizeBriefLocale(tag)).toBe(tag);
  });

  it.each([
    ['zh-tw', 'zh-TW'],
    ['es-mx', 'es-MX'],
    ['EN-gb', 'en-GB'],
    ['pt', 'pt-BR'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hans', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['ja', 'ja-JP'],
    ['fil', 'fil-PH'],
    ['de_DE.UTF-8', 'de-DE'],
    ['pt_BR@euro', 'pt-BR'],
    ['fr_CA.ISO8859-1@euro', 'fr-CA'],
    ['sr_RS@latin', 'sr-RS'],
    ['en-US-u-ca-gregory', 'en-US'],
    ['zh-Hant-TW', 'zh-TW'],
    ['  es-ES  ', 'es-ES'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBriefLocale(input)).toBe(expected);
  });

  it.each([
    ['an old alias', 'iw-IL', 'he-IL'],
    ['Norwegian by its macrolanguage code', 'no_NO.UTF-8', 'nb-NO'],
    ['a region without a voice, by script', 'zh-MO', 'zh-TW'],
    ['a region without a voice, by language', 'de-LU', 'de-DE'],
    ['a numeric region', 'es-419', 'es-ES'],
    ['a language whose likely region has no voice', 'sw', 'sw-KE'],
  ])('resolves %s: %s → %s', (_, input, expected) => {
    expect(normalizeBriefLocale(input)).toBe(expected);
  });

  it.each(['C', 'POSIX', 'posix', 'C.UTF-8', '', '   ', 'und', 'eo', 'la-VA', 'not a tag', '123', '@euro'])(
    'gives null for %j',
    (input) => {
      expect(normalizeBriefLocale(input)).toBeNull();
    },
  );
});
