export { interfaceText, resolveInterfaceLanguage, WINDOW_TITLE } from './interface-language';
