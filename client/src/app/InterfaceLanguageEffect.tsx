import { useEffect } from 'react';
import { useInterfaceLanguage, WINDOW_TITLE } from '../i18n';

/** The page's language and window title follow the interface language (the desktop shell mirrors the title). */
export function InterfaceLanguageEffect() {
  const language = useInterfaceLanguage();
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    document.title = WINDOW_TITLE[language];
  }, [language]);
  return null;
}
