import { DEFAULT_BRIEF_LANGUAGE } from './brief-locales';
import { normalizeBriefLocale } from './normalize-brief-locale';

export interface SystemLanguageSources {
  /** The system's ordered language preferences (for example GNU `LANGUAGE`, or macOS AppleLanguages). */
  preferredLanguages?: readonly string[];
  /** The process environment; only LC_ALL, LC_MESSAGES and LANG are read. */
  env?: Record<string, string | undefined>;
  /** The runtime's own default, such as `Intl.DateTimeFormat().resolvedOptions().locale`. */
  runtimeDefault?: string;
}

/**
 * The brief language that follows the computer's: preferred languages in order, then LC_ALL,
 * LC_MESSAGES and LANG, then the runtime default; the first that names a table locale wins.
 * A candidate that does not (`C`, `POSIX`, a language without a voice) falls through rather
 * than ending the search, so `LC_ALL=C.UTF-8` with `LANG=de_DE.UTF-8` still gives German.
 */
export function resolveSystemLanguage(sources: SystemLanguageSources): string {
  const env = sources.env ?? {};
  const candidates = [
    ...(sources.preferredLanguages ?? []),
    env.LC_ALL,
    env.LC_MESSAGES,
    env.LANG,
    sources.runtimeDefault,
  ];
  for (const candidate of candidates) {
    const locale = candidate ? normalizeBriefLocale(candidate) : null;
    if (locale) return locale;
  }
  return DEFAULT_BRIEF_LANGUAGE;
}
