import { BRIEF_LOCALES } from '@ringback/protocol';

/**
 * Brief locale → eSpeak NG voice file (what `set_voice` accepts; checked against the bundled
 * 0.3.5 data: `en-gb`/`fr-fr`/`es-mx`/`zh` are NOT accepted names). null = no voice for it.
 */
const VOICE_OF_LOCALE: Readonly<Record<string, string | null>> = {
  'af-ZA': 'af',
  'am-ET': 'am',
  'ar-EG': 'ar',
  'ar-SA': 'ar',
  'az-AZ': 'az',
  'bg-BG': 'bg',
  'bn-BD': 'bn',
  'bn-IN': 'bn',
  'bs-BA': 'bs',
  'ca-ES': 'ca',
  'cs-CZ': 'cs',
  'cy-GB': 'cy',
  'da-DK': 'da',
  'de-AT': 'de',
  'de-CH': 'de',
  'de-DE': 'de',
  'el-GR': 'el',
  'en-AU': 'en',
  'en-CA': 'en-us',
  'en-GB': 'en',
  'en-HK': 'en',
  'en-IE': 'en',
  'en-IN': 'en',
  'en-US': 'en-us',
  'es-ES': 'es',
  'es-MX': 'es-419',
  'et-EE': 'et',
  'fa-IR': 'fa',
  'fi-FI': 'fi',
  'fil-PH': null,
  'fr-BE': 'fr-be',
  'fr-CA': 'fr',
  'fr-CH': 'fr-ch',
  'fr-FR': 'fr',
  'ga-IE': 'ga',
  'gl-ES': null,
  'he-IL': 'he',
  'hi-IN': 'hi',
  'hr-HR': 'hr',
  'hu-HU': 'hu',
  'id-ID': 'id',
  'is-IS': 'is',
  'it-IT': 'it',
  'ja-JP': 'ja',
  'jv-ID': null,
  'ka-GE': 'ka',
  'kk-KZ': 'kk',
  'km-KH': null,
  'kn-IN': 'kn',
  'ko-KR': 'ko',
  'lo-LA': null,
  'lt-LT': 'lt',
  'lv-LV': 'lv',
  'mk-MK': 'mk',
  'ml-IN': 'ml',
  'mn-MN': null,
  'ms-MY': 'ms',
  'mt-MT': 'mt',
  'my-MM': 'my',
  'nb-NO': 'nb',
  'ne-NP': 'ne',
  'nl-BE': 'nl',
  'nl-NL': 'nl',
  'pl-PL': 'pl',
  'ps-AF': null,
  'pt-BR': 'pt-br',
  'pt-PT': 'pt',
  'ro-RO': 'ro',
  'ru-RU': 'ru',
  'si-LK': 'si',
  'sk-SK': 'sk',
  'sl-SI': 'sl',
  'so-SO': null,
  'sq-AL': 'sq',
  'sr-RS': 'sr',
  'su-ID': null,
  'sv-SE': 'sv',
  'sw-KE': 'sw',
  'ta-IN': 'ta',
  'te-IN': 'te',
  'th-TH': 'th',
  'tr-TR': 'tr',
  'uk-UA': 'uk',
  'ur-PK': 'ur',
  'uz-UZ': 'uz',
  'vi-VN': 'vi',
  'zh-CN': 'cmn',
  'zh-HK': 'yue',
  'zh-TW': 'cmn',
  'zu-ZA': null,
};

const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  fil: 'Filipino',
  gl: 'Galician',
  jv: 'Javanese',
  km: 'Khmer',
  lo: 'Lao',
  mn: 'Mongolian',
  ps: 'Pashto',
  so: 'Somali',
  su: 'Sundanese',
  zu: 'Zulu',
};

/** `en-us`/`EN_us`/`en` → the brief locale it names (a bare language → its first locale), or null. */
function briefLocaleOf(tag: string): string | null {
  const match = /^([A-Za-z]{2,3})(?:[-_]([A-Za-z]{2}))?$/.exec(tag.trim());
  if (!match) return null;
  const language = (match[1] as string).toLowerCase();
  if (match[2]) {
    const locale = `${language}-${match[2].toUpperCase()}`;
    if (BRIEF_LOCALES.includes(locale)) return locale;
  }
  return BRIEF_LOCALES.find((locale) => locale.startsWith(`${language}-`)) ?? null;
}

/** The eSpeak NG voice for a call language, or null when the on-device voice cannot speak it. */
export function espeakVoiceFor(language: string): string | null {
  const locale = briefLocaleOf(language);
  return locale ? (VOICE_OF_LOCALE[locale] ?? null) : null;
}

export interface OnDeviceSupport {
  readonly supported: boolean;
  /** A plain sentence for the voice page when support is missing or partial. */
  readonly note?: string;
}

/** Whether the on-device voice speaks a language, said plainly for the voice settings page. */
export function onDeviceSupport(language: string): OnDeviceSupport {
  const locale = briefLocaleOf(language);
  const voice = locale ? VOICE_OF_LOCALE[locale] : null;
  if (!voice) {
    const code = (locale ?? language).split(/[-_]/)[0]?.toLowerCase() ?? '';
    const name = LANGUAGE_NAMES[code] ?? language;
    return {
      supported: false,
      note: `The on-device voice does not speak ${name}. Choose another voice engine for it.`,
    };
  }
  if (voice === 'ja') {
    return {
      supported: true,
      note: 'The on-device voice reads Japanese kana only: kanji are not read. Choose another voice engine for Japanese.',
    };
  }
  return { supported: true };
}

/** The 0.5×–2× speech rate as eSpeak words per minute (175 wpm = 1×). */
export function espeakWordsPerMinute(rate: number): number {
  const clamped = Math.min(2, Math.max(0.5, Number.isFinite(rate) ? rate : 1));
  return Math.round(175 * clamped);
}

/** Brief locales the on-device voice cannot speak. */
export function unsupportedOnDevice(): string[] {
  return BRIEF_LOCALES.filter((locale) => !VOICE_OF_LOCALE[locale]);
}
