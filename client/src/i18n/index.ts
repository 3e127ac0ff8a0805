export { interfaceText, resolveInterfaceLanguage, WINDOW_TITLE } from './interface-language';
export {
  type InterfaceLanguageCode,
  InterfaceLanguageContext,
  InterfaceLanguageProvider,
  type TextValues,
  type Translate,
  translate,
  translatorFor,
  useInterfaceLanguage,
  useText,
} from './text';
