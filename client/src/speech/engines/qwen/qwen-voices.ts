import type { TtsVoice } from '../../tts-engine';
import { femaleFirst } from '../shared/platform-error';

export const QWEN_DEFAULT_VOICE = 'Cherry';

const FEMALE: readonly (readonly [string, string])[] = [
  ['Cherry', '芊悦'],
  ['Serena', '苏瑶'],
  ['Chelsie', '千雪'],
  ['Momo', '茉兔'],
  ['Vivian', '十三'],
  ['Maia', '四月'],
  ['Bella', '萌宝'],
  ['Jennifer', '詹妮弗'],
  ['Katerina', '卡捷琳娜'],
  ['Elias', '墨讲师'],
  ['Mia', '乖小妹'],
  ['Bellona', '燕铮莺'],
  ['Bunny', '萌小姬'],
  ['Nini', '邻家妹妹'],
  ['Ebona', '诡婆婆'],
  ['Seren', '小婉'],
  ['Stella', '少女阿月'],
  ['Sonrisa', '索尼莎'],
  ['Sohee', '素熙'],
  ['Ono Anna', '小野杏'],
  ['Jada', '上海话 · 阿珍'],
  ['Sunny', '四川话 · 晴儿'],
  ['Kiki', '粤语 · 阿清'],
];

const MALE: readonly (readonly [string, string])[] = [
  ['Ethan', '晨煦'],
  ['Moon', '月白'],
  ['Kai', '凯'],
  ['Nofish', '不吃鱼'],
  ['Ryan', '甜茶'],
  ['Aiden', '艾登'],
  ['Eldric Sage', '沧明子'],
  ['Mochi', '沙小弥'],
  ['Vincent', '田叔'],
  ['Neil', '阿闻'],
  ['Arthur', '徐大爷'],
  ['Pip', '顽屁小孩'],
  ['Bodega', '博德加'],
  ['Alek', '阿列克'],
  ['Dolce', '多尔切'],
  ['Lenn', '莱恩'],
  ['Emilien', '埃米尔安'],
  ['Andre', '安德雷'],
  ['Radio Gol', '拉迪奥·戈尔'],
  ['Dylan', '北京话 · 晓东'],
  ['Li', '南京话 · 老李'],
  ['Marcus', '陕西话 · 秦川'],
  ['Roy', '闽南语 · 阿杰'],
  ['Peter', '天津话 · 李彼得'],
  ['Eric', '四川话 · 程川'],
  ['Rocky', '粤语 · 阿强'],
];

/** Qwen3-TTS system voices; each speaks every supported language, so one list for all. */
export const QWEN_VOICES: readonly TtsVoice[] = femaleFirst<TtsVoice>([
  ...FEMALE.map(([id, name]): TtsVoice => ({ id, name: `${id} · ${name}`, gender: 'female' })),
  ...MALE.map(([id, name]): TtsVoice => ({ id, name: `${id} · ${name}`, gender: 'male' })),
]);

const LANGUAGE_TYPES: Readonly<Record<string, string>> = {
  zh: 'Chinese',
  en: 'English',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  es: 'Spanish',
  ja: 'Japanese',
  ko: 'Korean',
  fr: 'French',
  ru: 'Russian',
};

/** DashScope `language_type` from the call language's primary subtag; Auto for the rest. */
export function qwenLanguageType(language: string): string {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return LANGUAGE_TYPES[primary] ?? 'Auto';
}
