/** Callers use a handful of display locales; the bound only stops a stray caller growing it. */
const MAX_CACHED_LOCALES = 32;
const displayNames = new Map<string, Intl.DisplayNames>();

function displayNamesIn(locale: string): Intl.DisplayNames {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'language' });
    if (displayNames.size >= MAX_CACHED_LOCALES) displayNames.clear();
    displayNames.set(locale, names);
  }
  return names;
}

/**
 * The language's name as the runtime says it (`es-MX` → "Mexican Spanish" in English), for
 * prompts and pickers; no hand-written table to drift from ICU. Falls back to the tag itself.
 */
export function languageDisplayName(tag: string, inLocale = 'en'): string {
  try {
    return displayNamesIn(inLocale).of(tag) ?? tag;
  } catch {
    return tag;
  }
}
