export { BRIEF_LOCALES, DEFAULT_BRIEF_LANGUAGE, isBriefLocale } from './brief-locales';
export { languageDisplayName } from './language-display-name';
export { normalizeBriefLocale } from './normalize-brief-locale';
export type { SystemLanguageSources } from './resolve-system-language';
export { resolveSystemLanguage } from './resolve-system-language';
