import { describe, expect, it } from 'vitest';
import { BRIEF_LOCALES, DEFAULT_BRIEF_LANGUAGE, isBriefLocale } from './brief-locales';

describe('BRIEF_LOCALES', () => {
  it('holds the 90 tags of locales.md, unique, in language-region form', () => {
    expect(BRIEF_LOCALES).toHaveLength(90);
    expect(new Set(BRIEF_LOCALES).size).toBe(90);
    for (const tag of BRIEF_LOCALES) expect(tag).toMatch(/^[a-z]{2,3}-[A-Z]{2}$/);
    expect(BRIEF_LOCALES[0]).toBe('af-ZA');
    expect(BRIEF_LOCALES[89]).toBe('zu-ZA');
    expect(BRIEF_LOCALES).toContain(DEFAULT_BRIEF_LANGUAGE);
  });

  it('is already in the canonical form Intl gives', () => {
    for (const tag of BRIEF_LOCALES) expect(new Intl.Locale(tag).toString()).toBe(tag);
  });

  it('cannot be changed at run time', () => {
    expect(Object.isFrozen(BRIEF_LOCALES)).toBe(true);
  });
});

describe('isBriefLocale', () => {
  it.each(['zh-TW', 'zh-tw', 'ZH-TW', 'es-MX', 'fil-PH', 'en-US'])('accepts %s', (tag) => {
    expect(isBriefLocale(tag)).toBe(true);
  });

  it.each(['zh', 'pt', 'en-NZ', 'zh-Hant-TW', 'de_DE', 'de-DE.UTF-8', ' en-US', '', 'en-US-x-foo'])(
    'refuses %s',
    (tag) => {
      expect(isBriefLocale(tag)).toBe(false);
    },
  );
});
