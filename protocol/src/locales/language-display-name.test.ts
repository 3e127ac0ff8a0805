import { describe, expect, it } from 'vitest';
import { BRIEF_LOCALES } from './brief-locales';
import { languageDisplayName } from './language-display-name';

describe('languageDisplayName', () => {
  it('names a locale in English by default', () => {
    expect(['Mexican Spanish', 'Spanish (Mexico)']).toContain(languageDisplayName('es-MX'));
    expect(languageDisplayName('zh-TW')).toMatch(/Chinese/);
  });

  it('names a locale in another language on request', () => {
    expect(languageDisplayName('de-DE', 'de')).toMatch(/Deutsch/);
  });

  it('names every brief locale with something other than its tag', () => {
    for (const tag of BRIEF_LOCALES) expect(languageDisplayName(tag)).not.toBe(tag);
  });

  it('falls back to the tag when the runtime cannot name it', () => {
    expect(languageDisplayName('not a tag')).toBe('not a tag');
    expect(languageDisplayName('en-US', 'not a locale')).toBe('en-US');
  });
});
