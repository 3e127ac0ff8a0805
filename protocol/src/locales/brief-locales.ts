/** The brief language when nothing else is usable. */
export const DEFAULT_BRIEF_LANGUAGE = 'en-US';

/**
 * The 90 locales with a neural voice on the major cloud TTS platforms (reference/locales.md), in
 * that file's order: the valid values of the brief language.
 */
export const BRIEF_LOCALES: readonly string[] = Object.freeze([
  'af-ZA',
  'am-ET',
  'ar-EG',
  'ar-SA',
  'az-AZ',
  'bg-BG',
  'bn-BD',
  'bn-IN',
  'bs-BA',
  'ca-ES',
  'cs-CZ',
  'cy-GB',
  'da-DK',
  'de-AT',
  'de-CH',
  'de-DE',
  'el-GR',
  'en-AU',
  'en-CA',
  'en-GB',
  'en-HK',
  'en-IE',
  'en-IN',
  'en-US',
  'es-ES',
  'es-MX',
  'et-EE',
  'fa-IR',
  'fi-FI',
  'fil-PH',
  'fr-BE',
  'fr-CA',
  'fr-CH',
  'fr-FR',
  'ga-IE',
  'gl-ES',
  'he-IL',
  'hi-IN',
  'hr-HR',
  'hu-HU',
  'id-ID',
  'is-IS',
  'it-IT',
  'ja-JP',
  'jv-ID',
  'ka-GE',
  'kk-KZ',
  'km-KH',
  'kn-IN',
  'ko-KR',
  'lo-LA',
  'lt-LT',
  'lv-LV',
  'mk-MK',
  'ml-IN',
  'mn-MN',
  'ms-MY',
  'mt-MT',
  'my-MM',
  'nb-NO',
  'ne-NP',
  'nl-BE',
  'nl-NL',
  'pl-PL',
  'ps-AF',
  'pt-BR',
  'pt-PT',
  'ro-RO',
  'ru-RU',
  'si-LK',
  'sk-SK',
  'sl-SI',
  'so-SO',
  'sq-AL',
  'sr-RS',
  'su-ID',
  'sv-SE',
  'sw-KE',
  'ta-IN',
  'te-IN',
  'th-TH',
  'tr-TR',
  'uk-UA',
  'ur-PK',
  'uz-UZ',
  'vi-VN',
  'zh-CN',
  'zh-HK',
  'zh-TW',
  'zu-ZA',
]);

const TABLE = new Set(BRIEF_LOCALES);

/** The table entry `tag` names, up to casing (`zh-tw` → `zh-TW`), or null. */
export function briefLocaleEntry(tag: string): string | null {
  const match = /^([A-Za-z]{2,3})-([A-Za-z]{2})$/.exec(tag);
  if (!match) return null;
  const entry = `${match[1]?.toLowerCase()}-${match[2]?.toUpperCase()}`;
  return TABLE.has(entry) ? entry : null;
}

export function isBriefLocale(tag: string): boolean {
  return typeof tag === 'string' && briefLocaleEntry(tag) !== null;
}

/** The first table entry of a language (`sw` → `sw-KE`), or null when the table lacks it. */
export function firstBriefLocaleOfLanguage(language: string): string | null {
  return BRIEF_LOCALES.find((entry) => entry.slice(0, entry.indexOf('-')) === language) ?? null;
}
