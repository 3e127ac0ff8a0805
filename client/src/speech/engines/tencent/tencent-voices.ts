import type { TtsVoice } from '../../tts-engine';

type Tier = 'super-natural LLM' | 'LLM' | 'premium';

const voice = (id: number, name: string, kind: string, tier: Tier, gender: 'female' | 'male'): TtsVoice => ({
  id: String(id),
  name: `${name} · ${kind} · ${tier}`,
  gender,
});

/**
 * A shortlist of TextToVoice voices, female first, the super-natural LLM and LLM tiers before the
 * premium (精品) one. Tencent's voices are Mandarin/English (智彤 Cantonese, We* English), and
 * `PrimaryLanguage` only takes 1 (Chinese) or 2 (English), so one list serves every language.
 */
export const TENCENT_VOICES: readonly TtsVoice[] = [
  voice(403001, '云小和', 'chat', 'super-natural LLM', 'female'),
  voice(402000, '云晓芙', 'chat', 'super-natural LLM', 'female'),
  voice(502003, '智小敏', 'chat', 'super-natural LLM', 'female'),
  voice(502001, '智小柔', 'chat', 'super-natural LLM', 'female'),
  voice(502004, '智小满', 'marketing', 'super-natural LLM', 'female'),
  voice(602005, '专业梓欣', 'chat', 'super-natural LLM', 'female'),
  voice(602003, '爱小悠', 'chat', 'super-natural LLM', 'female'),
  voice(603004, '温柔小柠', 'chat', 'super-natural LLM', 'female'),
  voice(603007, '邻家女孩', 'chat', 'super-natural LLM', 'female'),
  voice(603001, '潇湘妹妹', 'character', 'super-natural LLM', 'female'),
  voice(403000, '云小朵', 'girl', 'super-natural LLM', 'female'),
  voice(501001, '智兰', 'news', 'LLM', 'female'),
  voice(501002, '智菊', 'reading', 'LLM', 'female'),
  voice(501004, '月华', 'chat', 'LLM', 'female'),
  voice(601009, '爱小芊', 'chat, emotions', 'LLM', 'female'),
  voice(601013, '爱小伊', 'reading', 'LLM', 'female'),
  voice(501009, 'WeWinny', 'English', 'LLM', 'female'),
  voice(101011, '智燕', 'news', 'premium', 'female'),
  voice(101001, '智瑜', 'emotional', 'premium', 'female'),
  voice(101019, '智彤', 'Cantonese', 'premium', 'female'),
  voice(403002, '云小帅', 'narration', 'super-natural LLM', 'male'),
  voice(502006, '智小悟', 'chat', 'super-natural LLM', 'male'),
  voice(502005, '智小解', 'narration', 'super-natural LLM', 'male'),
  voice(602004, '暖心阿灿', 'chat', 'super-natural LLM', 'male'),
  voice(603003, '随和老李', 'chat', 'super-natural LLM', 'male'),
  voice(603005, '知心大林', 'chat', 'super-natural LLM', 'male'),
  voice(603006, '沉稳青叔', 'chat', 'super-natural LLM', 'male'),
  voice(603000, '懂事少年', 'character', 'super-natural LLM', 'male'),
  voice(501000, '智斌', 'reading', 'LLM', 'male'),
  voice(501003, '智宇', 'reading', 'LLM', 'male'),
  voice(501005, '飞镜', 'chat', 'LLM', 'male'),
  voice(501006, '千嶂', 'chat', 'LLM', 'male'),
  voice(601008, '爱小豪', 'chat, emotions', 'LLM', 'male'),
  voice(501008, 'WeJames', 'English', 'LLM', 'male'),
  voice(101013, '智辉', 'news', 'premium', 'male'),
  voice(101030, '智柯', 'general', 'premium', 'male'),
  voice(101004, '智云', 'general', 'premium', 'male'),
  voice(101050, 'WeJack', 'English', 'premium', 'male'),
];

export const TENCENT_DEFAULT_VOICE = '403001';

// Tencent's documented Speed points: -2 = 0.6x, -1 = 0.8x, 0 = 1x, 1 = 1.2x, 2 = 1.5x, 6 = 2.5x.
const SPEED_POINTS: readonly (readonly [number, number])[] = [
  [0.6, -2],
  [0.8, -1],
  [1, 0],
  [1.2, 1],
  [1.5, 2],
  [2.5, 6],
];

/** A rate multiplier as TextToVoice `Speed`, interpolated between the documented points, 2 decimals. */
export function tencentSpeed(rate: number): number {
  const [firstRate, firstSpeed] = SPEED_POINTS[0] ?? [1, 0];
  if (rate <= firstRate) return firstSpeed;
  for (let i = 1; i < SPEED_POINTS.length; i++) {
    const [x0, y0] = SPEED_POINTS[i - 1] ?? [1, 0];
    const [x1, y1] = SPEED_POINTS[i] ?? [1, 0];
    if (rate <= x1) return Math.round((y0 + ((rate - x0) / (x1 - x0)) * (y1 - y0)) * 100) / 100;
  }
  return SPEED_POINTS[SPEED_POINTS.length - 1]?.[1] ?? 0;
}

/** Premium (1010xx) voices have no 24 kHz output. */
export function tencentSampleRate(voiceType: string): number {
  return voiceType.startsWith('1010') ? 16000 : 24000;
}

/** `PrimaryLanguage`: 1 Chinese (Mandarin, Cantonese, Wu), 2 English for everything else. */
export function tencentPrimaryLanguage(language: string): 1 | 2 {
  return /^(zh|yue|wuu)(-|$)/i.test(language) ? 1 : 2;
}
