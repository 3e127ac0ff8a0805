import { ZH_CATALOGUE } from '../i18n/catalogue';

/** The worker's language, as the device record names it. */
export type SwLanguage = 'zh' | 'en';

/**
 * Interface text for the worker, from the app's one catalogue (English is the key). The worker
 * has no React, so it does not take the page's translator, only its words.
 */
export function swText(language: SwLanguage, english: string): string {
  return language === 'zh' ? (ZH_CATALOGUE[english] ?? english) : english;
}

/** With no device record, the worker speaks as the page would for 'system': Chinese for a Chinese system. */
export function systemLanguage(languages: readonly string[]): SwLanguage {
  return languages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
