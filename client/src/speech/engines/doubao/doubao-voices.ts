import type { TtsVoice } from '../../tts-engine';
import { femaleFirst } from '../shared/platform-error';

export const DOUBAO_DEFAULT_VOICE = 'zh_female_vv_uranus_bigtts';

/** Built-in voices, one list for every language (the 2.0 voices detect 30+ languages themselves). */
export const DOUBAO_VOICES: readonly TtsVoice[] = femaleFirst<TtsVoice>([
  // Seed-TTS 2.0 (`_uranus_`)
  { id: DOUBAO_DEFAULT_VOICE, name: 'Vivi 2.0', gender: 'female' },
  { id: 'zh_female_xiaohe_uranus_bigtts', name: '小何 2.0', gender: 'female' },
  { id: 'zh_female_cancan_uranus_bigtts', name: '知性灿灿 2.0', gender: 'female' },
  { id: 'zh_female_shuangkuaisisi_uranus_bigtts', name: '爽快思思 2.0', gender: 'female' },
  { id: 'zh_female_qingxinnvsheng_uranus_bigtts', name: '清新女声 2.0', gender: 'female' },
  { id: 'zh_female_sophie_uranus_bigtts', name: '魅力苏菲 2.0', gender: 'female' },
  { id: 'zh_female_tianmeixiaoyuan_uranus_bigtts', name: '甜美小源 2.0', gender: 'female' },
  { id: 'zh_female_linjianvhai_uranus_bigtts', name: '邻家女孩 2.0', gender: 'female' },
  { id: 'en_female_dacey_uranus_bigtts', name: 'Dacey 2.0', gender: 'female' },
  { id: 'zh_male_m191_uranus_bigtts', name: '云舟 2.0', gender: 'male' },
  { id: 'zh_male_taocheng_uranus_bigtts', name: '小天 2.0', gender: 'male' },
  { id: 'zh_male_liufei_uranus_bigtts', name: '刘飞 2.0', gender: 'male' },
  { id: 'zh_male_ruyayichen_uranus_bigtts', name: '儒雅逸辰 2.0', gender: 'male' },
  { id: 'zh_male_dongfanghaoran_uranus_bigtts', name: '东方浩然 2.0', gender: 'male' },
  { id: 'en_male_tim_uranus_bigtts', name: 'Tim 2.0', gender: 'male' },
  // Seed-TTS 1.0 (`_moon_` / `_mars_`)
  { id: 'zh_female_shuangkuaisisi_moon_bigtts', name: '爽快思思', gender: 'female' },
  { id: 'zh_female_cancan_mars_bigtts', name: '灿灿', gender: 'female' },
  { id: 'zh_female_wanwanxiaohe_moon_bigtts', name: '湾湾小何', gender: 'female' },
  { id: 'zh_female_wenrouxiaoya_moon_bigtts', name: '温柔小雅', gender: 'female' },
  { id: 'zh_male_wennuanahu_moon_bigtts', name: '温暖阿虎', gender: 'male' },
  { id: 'zh_male_shaonianzixin_moon_bigtts', name: '少年梓辛', gender: 'male' },
  { id: 'zh_male_jingqiangkanye_moon_bigtts', name: '京腔侃爷', gender: 'male' },
  { id: 'zh_male_qingcang_mars_bigtts', name: '擎苍', gender: 'male' },
  { id: 'zh_male_dongfanghaoran_moon_bigtts', name: '东方浩然', gender: 'male' },
]);

/**
 * `X-Api-Resource-Id` for a voice: its family decides for built-in voices (`_uranus_` 2.0,
 * `_moon_`/`_mars_` 1.0); cloned and other voices use the chosen model.
 */
export function doubaoResourceId(voice: string, model: string): string {
  if (voice.includes('_uranus_')) return 'seed-tts-2.0';
  if (voice.includes('_moon_') || voice.includes('_mars_')) return 'seed-tts-1.0';
  return model || 'seed-tts-2.0';
}

/** Volcengine's `speech_rate`: percent faster or slower, −50…100. */
export function doubaoSpeechRate(rate: number): number {
  return Math.min(100, Math.max(-50, Math.round((rate - 1) * 100)));
}
