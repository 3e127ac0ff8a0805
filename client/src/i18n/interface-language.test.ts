import { describe, expect, it } from 'vitest';
import { interfaceText, resolveInterfaceLanguage } from './interface-language';

describe('the interface language', () => {
  it('follows the system: Chinese when its first language is Chinese, else English', () => {
    expect(resolveInterfaceLanguage('system', ['zh-CN', 'en-US'])).toBe('zh');
    expect(resolveInterfaceLanguage('system', ['zh-Hant-TW'])).toBe('zh');
    expect(resolveInterfaceLanguage('system', ['en-US', 'zh-CN'])).toBe('en');
    expect(resolveInterfaceLanguage('system', ['fr-FR'])).toBe('en');
    expect(resolveInterfaceLanguage('system', [])).toBe('en');
  });

  it('a chosen language wins over the system', () => {
    expect(resolveInterfaceLanguage('en', ['zh-CN'])).toBe('en');
    expect(resolveInterfaceLanguage('zh', ['en-US'])).toBe('zh');
  });

  it('translates the settings words into Chinese and leaves English as it is', () => {
    expect(interfaceText('Brief language', 'zh')).toBe('简报语言');
    expect(interfaceText('Brief language', 'en')).toBe('Brief language');
    expect(interfaceText('Something new', 'zh')).toBe('Something new');
  });
});
