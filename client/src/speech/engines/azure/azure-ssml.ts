import { VoiceHttpError } from '../../tts-engine';

const SSML_NS = 'http://www.w3.org/2001/10/synthesis';
/** Voices whose sentence language follows `<lang>`; plain voices fail silently with it. */
const MULTILINGUAL_VOICE = /(MultilingualNeural(HD)?|DragonHD\w*)$/;
/** Locales whose multilingual voices read Latin-only sentences with an accent unless told en-US. */
const CJK_LOCALES = new Set(['zh', 'yue', 'wuu', 'ja', 'ko']);

/** `en-US` from `en-US-JennyNeural` or `en-US-Ava:DragonHDLatestNeural`; zh-CN when unclear. */
export function voiceLocale(voice: string): string {
  const parts = voice.split('-');
  return parts.length >= 3 && parts[0] && parts[1] ? `${parts[0]}-${parts[1]}` : 'zh-CN';
}

export function isMultilingualVoice(voice: string): boolean {
  return MULTILINGUAL_VOICE.test(voice);
}

/** `+20%` / `-20%` for a speed factor (clamped 0.5–2); null at normal speed. */
export function prosodyRate(rate: number): string | null {
  const percent = Math.round((Math.min(2, Math.max(0.5, rate)) - 1) * 100);
  if (percent === 0) return null;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

export function escapeXml(text: string): string {
  return (
    text
      // Characters XML 1.0 forbids would make the whole request fail.
      // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters removed
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, ' ')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}

function isLatinOnly(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length > 0 && letters.every((letter) => /\p{Script=Latin}/u.test(letter));
}

/** The `<lang xml:lang>` a multilingual voice needs for this sentence, or null. */
export function sentenceLanguage(voice: string, language: string, text: string): string | null {
  if (!isMultilingualVoice(voice)) return null;
  const locale = voiceLocale(voice);
  if (language.trim() !== '' && language.toLowerCase() !== locale.toLowerCase()) return language;
  if (CJK_LOCALES.has(locale.split('-')[0]?.toLowerCase() ?? '') && isLatinOnly(text)) return 'en-US';
  return null;
}

/** One sentence as Azure SSML (§2.7). */
export function buildSsml(input: {
  readonly text: string;
  readonly voice: string;
  readonly language: string;
  readonly rate: number;
}): string {
  if (input.text.trim() === '') throw new VoiceHttpError('Azure Speech: the sentence is empty');
  let body = escapeXml(input.text);
  // DragonHD "Latest" voices ignore prosody rate, so it is left out for them.
  const rate = /:DragonHD.*LatestNeural$/.test(input.voice) ? null : prosodyRate(input.rate);
  if (rate) body = `<prosody rate="${rate}">${body}</prosody>`;
  const lang = sentenceLanguage(input.voice, input.language, input.text);
  if (lang) body = `<lang xml:lang="${escapeXml(lang)}">${body}</lang>`;
  return (
    `<speak version="1.0" xmlns="${SSML_NS}" xml:lang="${voiceLocale(input.voice)}">` +
    `<voice name="${escapeXml(input.voice)}">${body}</voice></speak>`
  );
}
