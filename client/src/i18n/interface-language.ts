import type { InterfaceLanguage } from '../storage';

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

/** The settings list's words in Chinese, by their English words (English is the source). */
const SETTINGS_ZH: Record<string, string> = {
  General: '通用',
  Connection: '连接',
  Personal: '个人',
  Integrations: '集成',
  Calls: '来电',
  'Interface language': '界面语言',
  'Brief language': '简报语言',
  Voice: '语音',
  Devices: '设备',
  'End-to-end key': '端到端密钥',
  'Form of address': '称呼',
  'Language model for questions': '问答语言模型',
  'Tracker (Multica)': '任务追踪（Multica）',
  'Ring schedules': '响铃时段',
  Ringtones: '铃声',
};

/** The interface words of `english` in `language`; English, or a word without a translation, as it is. */
export function interfaceText(english: string, language: 'zh' | 'en'): string {
  return language === 'zh' ? (SETTINGS_ZH[english] ?? english) : english;
}
