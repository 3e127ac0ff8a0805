import type { TtsVoice } from '../../tts-engine';

/** The 30 prebuilt voices with the style Google names each by; Kore (the default) leads the women. */
const VOICES: readonly (readonly [string, string, 'female' | 'male'])[] = [
  ['Kore', 'Firm', 'female'],
  ['Zephyr', 'Bright', 'female'],
  ['Leda', 'Youthful', 'female'],
  ['Aoede', 'Breezy', 'female'],
  ['Callirrhoe', 'Easy-going', 'female'],
  ['Autonoe', 'Bright', 'female'],
  ['Despina', 'Smooth', 'female'],
  ['Erinome', 'Clear', 'female'],
  ['Laomedeia', 'Upbeat', 'female'],
  ['Achernar', 'Soft', 'female'],
  ['Gacrux', 'Mature', 'female'],
  ['Pulcherrima', 'Forward', 'female'],
  ['Vindemiatrix', 'Gentle', 'female'],
  ['Sulafat', 'Warm', 'female'],
  ['Puck', 'Upbeat', 'male'],
  ['Charon', 'Informative', 'male'],
  ['Fenrir', 'Excitable', 'male'],
  ['Orus', 'Firm', 'male'],
  ['Enceladus', 'Breathy', 'male'],
  ['Iapetus', 'Clear', 'male'],
  ['Umbriel', 'Easy-going', 'male'],
  ['Algieba', 'Smooth', 'male'],
  ['Algenib', 'Gravelly', 'male'],
  ['Rasalgethi', 'Informative', 'male'],
  ['Alnilam', 'Firm', 'male'],
  ['Schedar', 'Even', 'male'],
  ['Achird', 'Friendly', 'male'],
  ['Zubenelgenubi', 'Casual', 'male'],
  ['Sadachbia', 'Lively', 'male'],
  ['Sadaltager', 'Knowledgeable', 'male'],
];

/** Voices are not tied to a language: the model speaks the text's language with any of them. */
export const GEMINI_VOICES: readonly TtsVoice[] = VOICES.map(([id, style, gender]) => ({
  id,
  name: `${id} · ${style}`,
  gender,
}));

export const GEMINI_DEFAULT_VOICE = 'Kore';

/** The tags `speechConfig.languageCode` accepts; Mandarin is written `cmn-CN`. */
const LANGUAGE_CODES = [
  'ar-XA',
  'bn-IN',
  'cmn-CN',
  'de-DE',
  'en-AU',
  'en-GB',
  'en-IN',
  'en-US',
  'es-ES',
  'es-US',
  'fr-CA',
  'fr-FR',
  'gu-IN',
  'hi-IN',
  'id-ID',
  'it-IT',
  'ja-JP',
  'kn-IN',
  'ko-KR',
  'ml-IN',
  'mr-IN',
  'nl-NL',
  'pl-PL',
  'pt-BR',
  'ru-RU',
  'ta-IN',
  'te-IN',
  'th-TH',
  'tr-TR',
  'vi-VN',
];

/** The call language as `languageCode`, or undefined to let the model detect it. */
export function geminiLanguageCode(language: string): string | undefined {
  if (/^zh-(CN|SG)$/i.test(language)) return 'cmn-CN';
  const wanted = language.toLowerCase();
  return LANGUAGE_CODES.find((code) => code.toLowerCase() === wanted);
}

/** Gemini has no numeric speed; a clearly faster or slower rate becomes a style prompt. */
export function geminiPaceStyle(rate: number): string | undefined {
  if (rate >= 1.15) return 'speaking rapidly';
  if (rate <= 0.85) return 'speaking slowly';
  return undefined;
}
