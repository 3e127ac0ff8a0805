import { useEffect } from 'react';
import { resolveInterfaceLanguage, WINDOW_TITLE } from '../i18n';
import { useSession } from './SessionRoot';

/** The page's language and window title follow the interface language (the desktop shell mirrors the title). */
export function InterfaceLanguageEffect() {
  const { settings } = useSession();
  const language = resolveInterfaceLanguage(
    settings.interfaceLanguage,
    typeof navigator === 'undefined' ? [] : navigator.languages,
  );
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    document.title = WINDOW_TITLE[language];
  }, [language]);
  return null;
}
