import type { CallPhraseSet } from './phrase-set';
import { PHRASES_AF_HU } from './phrases-af-hu';
import { PHRASES_ID_PT } from './phrases-id-pt';
import { PHRASES_RO_ZU } from './phrases-ro-zu';

/**
 * The call lines by phrase language: the 72 language subtags of the brief locales, with `zh`
 * for Simplified Chinese, plus `zh-TW` (Traditional Chinese) and `zh-HK` (Cantonese).
 */
export const CALL_PHRASES: Readonly<Record<string, CallPhraseSet>> = Object.freeze({
  ...PHRASES_AF_HU,
  ...PHRASES_ID_PT,
  ...PHRASES_RO_ZU,
});

/** The 74 phrase languages, the keys of `CALL_PHRASES`. */
export const PHRASE_LANGUAGES: readonly string[] = Object.freeze(Object.keys(CALL_PHRASES));

/** The call lines for one brief locale, and the phrase language they are in. */
export interface CallPhrases extends CallPhraseSet {
  language: string;
}

/** Older or other codes for a language the table has under another subtag. */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = {
  no: 'nb',
  nn: 'nb',
  tl: 'fil',
  iw: 'he',
  in: 'id',
};

/** The Chinese phrase language for a tag's script and region: Traditional (Taiwan) or Cantonese (Hong Kong). */
function chineseVariant(subtags: readonly string[]): string | null {
  const rest = subtags.slice(1).map((part) => part.toLowerCase());
  if (rest.includes('hk') || rest.includes('mo')) return 'zh-HK';
  if (rest.includes('tw') || rest.includes('hant')) return 'zh-TW';
  return null;
}

/**
 * Picks the call lines for a brief locale: `zh-TW` and `zh-HK` (also `zh-Hant…`, `zh-MO`, `yue`)
 * first, then the language subtag (`pt-BR` → `pt`, `fil-PH` → `fil`), else English.
 */
export function callPhrases(locale: string): CallPhrases {
  const subtags = locale.trim().split(/[-_]/);
  const primary = (subtags[0] ?? '').toLowerCase();
  let language = LANGUAGE_ALIASES[primary] ?? primary;
  if (language === 'zh') language = chineseVariant(subtags) ?? 'zh';
  else if (language === 'yue') language = 'zh-HK';
  const found = Object.hasOwn(CALL_PHRASES, language) ? CALL_PHRASES[language] : undefined;
  if (found) return { noBrief: found.noBrief, preview: found.preview, language };
  const english = CALL_PHRASES.en as CallPhraseSet;
  return { noBrief: english.noBrief, preview: english.preview, language: 'en' };
}
