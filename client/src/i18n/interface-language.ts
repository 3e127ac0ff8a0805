import type { InterfaceLanguage } from '../storage';
import { translate } from './text';

/** The language the interface speaks: Chinese when chosen, or when following a system whose first language is Chinese. */
export function resolveInterfaceLanguage(
  choice: InterfaceLanguage,
  systemLanguages: readonly string[],
): 'zh' | 'en' {
  if (choice !== 'system') return choice;
  return systemLanguages[0]?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

/** The window title in each interface language. */
export const WINDOW_TITLE = { en: 'Ringback', zh: 'Ringback 回电' } as const;

/** The interface words of `english` in `language`; English, or a word without a translation, as it is. */
export function interfaceText(english: string, language: 'zh' | 'en'): string {
  return translate(language, english);
}
