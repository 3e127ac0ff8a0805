import { splitSentences } from '@ringback/machines';
import { BRIEF_LOCALES } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { CALL_PHRASES, callPhrases, PHRASE_LANGUAGES } from './index';

const english = CALL_PHRASES.en;

/** The phrase language a brief locale should get: zh-TW and zh-HK as they are, else the language subtag. */
function expectedLanguage(locale: string): string {
  if (locale === 'zh-TW' || locale === 'zh-HK') return locale;
  return locale.slice(0, locale.indexOf('-'));
}

/**
 * Sentence ends by script: the ASCII and CJK ones `splitSentences` cuts at, plus the Devanagari
 * and Bengali danda, Ethiopic, Myanmar and Khmer full stops and the Urdu full stop, which it
 * does not cut at (a line in those scripts is then one sentence). Thai writes no sentence end.
 */
const SENTENCE_END = /[.!?。！？।።။។۔]$/u;
const NO_SENTENCE_END = new Set(['th']);

const lines = PHRASE_LANGUAGES.flatMap((language) => {
  const set = CALL_PHRASES[language];
  if (!set) throw new Error(`no phrases for ${language}`);
  return [
    { language, kind: 'noBrief', text: set.noBrief },
    { language, kind: 'preview', text: set.preview },
  ];
});

describe('the phrase languages', () => {
  it('are the 72 brief language subtags plus zh-TW and zh-HK', () => {
    expect(PHRASE_LANGUAGES).toHaveLength(74);
    const subtags = new Set(BRIEF_LOCALES.map((locale) => locale.slice(0, locale.indexOf('-'))));
    expect(subtags.size).toBe(72);
    expect(new Set(PHRASE_LANGUAGES)).toEqual(new Set([...subtags, 'zh-TW', 'zh-HK']));
  });
});

describe('callPhrases', () => {
  it.each(BRIEF_LOCALES)('gives %s its own language', (locale) => {
    const language = expectedLanguage(locale);
    const phrases = callPhrases(locale);
    expect(phrases.language).toBe(language);
    expect(phrases.noBrief).toBe(CALL_PHRASES[language]?.noBrief);
    expect(phrases.preview).toBe(CALL_PHRASES[language]?.preview);
    if (language !== 'en') {
      expect(phrases.noBrief).not.toBe(english?.noBrief);
      expect(phrases.preview).not.toBe(english?.preview);
    }
  });

  it('reads the language subtag of any region', () => {
    expect(callPhrases('pt-BR').language).toBe('pt');
    expect(callPhrases('pt-PT').language).toBe('pt');
    expect(callPhrases('fil-PH').language).toBe('fil');
    expect(callPhrases('nb-NO').language).toBe('nb');
    expect(callPhrases('de').language).toBe('de');
    expect(callPhrases('fr_CA').language).toBe('fr');
  });

  it('tells the Chinese variants apart', () => {
    expect(callPhrases('zh-CN').language).toBe('zh');
    expect(callPhrases('zh').language).toBe('zh');
    expect(callPhrases('zh-TW').language).toBe('zh-TW');
    expect(callPhrases('zh-HK').language).toBe('zh-HK');
    expect(callPhrases('zh-Hant').language).toBe('zh-TW');
    expect(callPhrases('zh-Hant-HK').language).toBe('zh-HK');
    expect(callPhrases('zh-tw').language).toBe('zh-TW');
  });

  it('falls back to English for a language without phrases', () => {
    expect(callPhrases('xx-YY')).toEqual({ ...english, language: 'en' });
    expect(callPhrases('')).toEqual({ ...english, language: 'en' });
    expect(callPhrases('toString').language).toBe('en');
  });
});

describe('the phrases', () => {
  it('are translated in every language but English', () => {
    for (const { language, kind, text } of lines) {
      expect(text.trim(), `${language} ${kind}`).not.toBe('');
      if (language !== 'en') {
        expect(text, `${language} ${kind}`).not.toBe(
          kind === 'noBrief' ? english?.noBrief : english?.preview,
        );
      }
    }
  });

  it('name Ringback in every preview', () => {
    for (const { language, kind, text } of lines) {
      if (kind === 'preview') expect(text, language).toContain('Ringback');
    }
  });

  it('keep Chinese, Traditional Chinese and Cantonese apart', () => {
    const zh = CALL_PHRASES.zh;
    for (const variant of ['zh-TW', 'zh-HK']) {
      expect(CALL_PHRASES[variant]?.noBrief).not.toBe(zh?.noBrief);
      expect(CALL_PHRASES[variant]?.preview).not.toBe(zh?.preview);
    }
    expect(CALL_PHRASES['zh-TW']?.preview).not.toBe(CALL_PHRASES['zh-HK']?.preview);
  });

  it('end with their script’s sentence punctuation', () => {
    for (const { language, kind, text } of lines) {
      if (NO_SENTENCE_END.has(language)) expect(text, `${language} ${kind}`).toMatch(/[\p{L}\p{M}]$/u);
      else expect(text, `${language} ${kind}`).toMatch(SENTENCE_END);
      expect(text, `${language} ${kind}`).toBe(text.trim());
    }
  });

  it('split into one or two sentences that keep the whole text', () => {
    for (const { language, kind, text } of lines) {
      const sentences = splitSentences(text);
      expect(sentences.length, `${language} ${kind}: ${JSON.stringify(sentences)}`).toBeGreaterThanOrEqual(1);
      expect(sentences.length, `${language} ${kind}: ${JSON.stringify(sentences)}`).toBeLessThanOrEqual(2);
      expect(sentences.join(' ').replace(/\s+/g, ''), `${language} ${kind}`).toBe(text.replace(/\s+/g, ''));
    }
  });
});
