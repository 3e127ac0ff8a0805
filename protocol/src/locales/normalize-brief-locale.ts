import { briefLocaleEntry, firstBriefLocaleOfLanguage } from './brief-locales';

/**
 * Macrolanguage codes the table only has one member of. `no` is what many systems set for
 * Norwegian, and Bokmål is the written standard most Norwegians use; a Nynorsk reader also
 * follows a Bokmål brief better than an English one.
 */
const LANGUAGE_ALIASES: Readonly<Record<string, string>> = { no: 'nb', nn: 'nb' };

/** `de_DE.UTF-8`, `pt_BR@euro` → `de-DE`, `pt-BR`: POSIX locale names carry a codeset and modifier. */
function stripPosix(tag: string): string {
  return tag.trim().split(/[.@]/, 1)[0]?.replaceAll('_', '-') ?? '';
}

function regionOf(locale: Intl.Locale): string | undefined {
  return locale.maximize().region;
}

/**
 * The table tag a language tag stands for, or null. Canonical casing and aliases come from
 * `Intl.Locale`; a tag without a region gets its likely one from `maximize()` (pt → pt-BR,
 * zh-Hant → zh-TW). When the region is not in the table the user still reads the language,
 * so the likely region of the language with its script is tried (zh-MO → zh-TW), then of the
 * language alone (de-LU → de-DE), then the table's only or first region for it (sw → sw-KE).
 */
export function normalizeBriefLocale(tag: string): string | null {
  if (typeof tag !== 'string') return null;
  const cleaned = stripPosix(tag);
  if (cleaned === '' || /^(c|posix)$/i.test(cleaned)) return null;
  const exact = briefLocaleEntry(cleaned);
  if (exact) return exact;

  try {
    return nearestBriefLocale(new Intl.Locale(cleaned));
  } catch {
    return null;
  }
}

function nearestBriefLocale(locale: Intl.Locale): string | null {
  // Node 20 reports the undetermined language `und` as undefined, despite the DOM typings.
  const given = (locale.language as string | undefined) ?? 'und';
  if (given === 'und') return null;
  const language = LANGUAGE_ALIASES[given] ?? given;
  const script = locale.maximize().script;
  const regions = [
    regionOf(locale),
    script ? regionOf(new Intl.Locale(language, { script })) : undefined,
    regionOf(new Intl.Locale(language)),
  ];
  for (const region of regions) {
    const entry = region ? briefLocaleEntry(`${language}-${region}`) : null;
    if (entry) return entry;
  }
  return firstBriefLocaleOfLanguage(language);
}
