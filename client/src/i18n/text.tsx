import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { ZH_CATALOGUE } from './catalogue';

/** The language the interface speaks (not the brief language, nor the voice). */
export type InterfaceLanguageCode = 'zh' | 'en';

/** Values put into a sentence's `{name}` placeholders. */
export type TextValues = Record<string, string | number>;

/** Interface text by its English words: `t('{count} missed', { count })`. */
export type Translate = (english: string, values?: TextValues) => string;

/** The interface language of everything below it; English unless a provider says otherwise. */
export const InterfaceLanguageContext = createContext<InterfaceLanguageCode>('en');

export function InterfaceLanguageProvider({
  language,
  children,
}: {
  language: InterfaceLanguageCode;
  children: ReactNode;
}) {
  return <InterfaceLanguageContext.Provider value={language}>{children}</InterfaceLanguageContext.Provider>;
}

/** `english` in `language` (English is the key; a sentence without a translation stays English), values filled in. */
export function translate(language: InterfaceLanguageCode, english: string, values?: TextValues): string {
  const text = language === 'zh' ? (ZH_CATALOGUE[english] ?? english) : english;
  if (!values) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A translator bound to `language`, for code outside React (status texts built by the app). */
export function translatorFor(language: InterfaceLanguageCode): Translate {
  return (english, values) => translate(language, english, values);
}

/** The interface language in effect here. */
export function useInterfaceLanguage(): InterfaceLanguageCode {
  return useContext(InterfaceLanguageContext);
}

/** `t(english, values?)` in the interface language in effect here. */
export function useText(): Translate {
  const language = useContext(InterfaceLanguageContext);
  return useCallback(
    (english: string, values?: TextValues) => translate(language, english, values),
    [language],
  );
}
