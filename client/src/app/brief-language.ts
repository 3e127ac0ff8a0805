import { resolveSystemLanguage } from '@ringback/protocol';
import type { LocalSettings } from '../storage';

/** The brief language: the user's choice, else the browser's languages matched to a brief locale. */
export function briefLanguageOf(settings: LocalSettings): string {
  return (
    settings.briefLanguage ??
    resolveSystemLanguage({
      preferredLanguages: typeof navigator === 'undefined' ? [] : navigator.languages,
      runtimeDefault: Intl.DateTimeFormat().resolvedOptions().locale,
    })
  );
}
