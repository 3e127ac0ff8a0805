import type { TtsVoice } from '../../tts-engine';
import { femaleFirst } from '../shared/platform-error';

/**
 * Neural voices per brief locale: female names before `|`, male after (short names without the
 * `<locale>-` prefix and `Neural` suffix). The full catalogue comes from "list voices".
 */
const LOCALE_VOICES: Readonly<Record<string, string>> = {
  'af-ZA': 'Adri|Willem',
  'am-ET': 'Mekdes|Ameha',
  'ar-EG': 'Salma|Shakir',
  'ar-SA': 'Zariyah|Hamed',
  'az-AZ': 'Banu|Babek',
  'bg-BG': 'Kalina|Borislav',
  'bn-BD': 'Nabanita|Pradeep',
  'bn-IN': 'Tanishaa|Bashkar',
  'bs-BA': 'Vesna|Goran',
  'ca-ES': 'Joana,Alba|Enric',
  'cs-CZ': 'Vlasta|Antonin',
  'cy-GB': 'Nia|Aled',
  'da-DK': 'Christel|Jeppe',
  'de-AT': 'Ingrid|Jonas',
  'de-CH': 'Leni|Jan',
  'de-DE': 'Katja,Amala|Conrad,Killian',
  'el-GR': 'Athina|Nestoras',
  'en-AU': 'Natasha|William',
  'en-CA': 'Clara|Liam',
  'en-GB': 'Sonia,Libby|Ryan',
  'en-HK': 'Yan|Sam',
  'en-IE': 'Emily|Connor',
  'en-IN': 'Neerja|Prabhat',
  'en-US': 'Jenny,Aria,Ava,Emma|Guy,Andrew,Brian,Davis',
  'es-ES': 'Elvira|Alvaro',
  'es-MX': 'Dalia|Jorge',
  'et-EE': 'Anu|Kert',
  'fa-IR': 'Dilara|Farid',
  'fi-FI': 'Selma|Harri',
  'fil-PH': 'Blessica|Angelo',
  'fr-BE': 'Charline|Gerard',
  'fr-CA': 'Sylvie|Jean',
  'fr-CH': 'Ariane|Fabrice',
  'fr-FR': 'Denise|Henri',
  'ga-IE': 'Orla|Colm',
  'gl-ES': 'Sabela|Roi',
  'he-IL': 'Hila|Avri',
  'hi-IN': 'Swara|Madhur',
  'hr-HR': 'Gabrijela|Srecko',
  'hu-HU': 'Noemi|Tamas',
  'id-ID': 'Gadis|Ardi',
  'is-IS': 'Gudrun|Gunnar',
  'it-IT': 'Elsa,Isabella|Diego',
  'ja-JP': 'Nanami|Keita',
  'jv-ID': 'Siti|Dimas',
  'ka-GE': 'Eka|Giorgi',
  'kk-KZ': 'Aigul|Daulet',
  'km-KH': 'Sreymom|Piseth',
  'kn-IN': 'Sapna|Gagan',
  'ko-KR': 'SunHi|InJoon',
  'lo-LA': 'Keomany|Chanthavong',
  'lt-LT': 'Ona|Leonas',
  'lv-LV': 'Everita|Nils',
  'mk-MK': 'Marija|Aleksandar',
  'ml-IN': 'Sobhana|Midhun',
  'mn-MN': 'Yesui|Bataa',
  'ms-MY': 'Yasmin|Osman',
  'mt-MT': 'Grace|Joseph',
  'my-MM': 'Nilar|Thiha',
  'nb-NO': 'Pernille|Finn',
  'ne-NP': 'Hemkala|Sagar',
  'nl-BE': 'Dena|Arnaud',
  'nl-NL': 'Fenna,Colette|Maarten',
  'pl-PL': 'Agnieszka,Zofia|Marek',
  'ps-AF': 'Latifa|GulNawaz',
  'pt-BR': 'Francisca,Thalita|Antonio',
  'pt-PT': 'Raquel|Duarte',
  'ro-RO': 'Alina|Emil',
  'ru-RU': 'Svetlana,Dariya|Dmitry',
  'si-LK': 'Thilini|Sameera',
  'sk-SK': 'Viktoria|Lukas',
  'sl-SI': 'Petra|Rok',
  'so-SO': 'Ubax|Muuse',
  'sq-AL': 'Anila|Ilir',
  'sr-RS': 'Sophie|Nicholas',
  'su-ID': 'Tuti|Jajang',
  'sv-SE': 'Sofie,Hillevi|Mattias',
  'sw-KE': 'Zuri|Rafiki',
  'ta-IN': 'Pallavi|Valluvar',
  'te-IN': 'Shruti|Mohan',
  'th-TH': 'Premwadee,Achara|Niwat',
  'tr-TR': 'Emel|Ahmet',
  'uk-UA': 'Polina|Ostap',
  'ur-PK': 'Uzma|Asad',
  'uz-UZ': 'Madina|Sardor',
  'vi-VN': 'HoaiMy|NamMinh',
  'zh-CN': 'Xiaoxiao,Xiaoyi,Xiaochen|Yunxi,Yunjian,Yunyang',
  'zh-HK': 'HiuMaan,HiuGaai|WanLung',
  'zh-TW': 'HsiaoChen,HsiaoYu|YunJhe',
  'zu-ZA': 'Thando|Themba',
};

/** Voices that speak every brief locale (SSML `<lang>` picks the language), offered everywhere. */
const MULTILINGUAL: readonly TtsVoice[] = [
  { id: 'en-US-AvaMultilingualNeural', name: 'Ava (multilingual)', gender: 'female' },
  { id: 'en-US-EmmaMultilingualNeural', name: 'Emma (multilingual)', gender: 'female' },
  { id: 'de-DE-SeraphinaMultilingualNeural', name: 'Seraphina (multilingual)', gender: 'female' },
  { id: 'fr-FR-VivienneMultilingualNeural', name: 'Vivienne (multilingual)', gender: 'female' },
  { id: 'zh-CN-XiaoxiaoMultilingualNeural', name: 'Xiaoxiao (multilingual)', gender: 'female' },
  { id: 'en-US-Ava:DragonHDLatestNeural', name: 'Ava HD (multilingual)', gender: 'female' },
  { id: 'en-US-AndrewMultilingualNeural', name: 'Andrew (multilingual)', gender: 'male' },
  { id: 'en-US-BrianMultilingualNeural', name: 'Brian (multilingual)', gender: 'male' },
  { id: 'de-DE-FlorianMultilingualNeural', name: 'Florian (multilingual)', gender: 'male' },
  { id: 'fr-FR-RemyMultilingualNeural', name: 'Remy (multilingual)', gender: 'male' },
  { id: 'zh-CN-YunfanMultilingualNeural', name: 'Yunfan (multilingual)', gender: 'male' },
  { id: 'en-US-Andrew:DragonHDLatestNeural', name: 'Andrew HD (multilingual)', gender: 'male' },
];

export const AZURE_LOCALES: readonly string[] = Object.keys(LOCALE_VOICES);

/** The table locale for a call language: exact (any case), else the first with its language. */
export function azureLocaleFor(language: string): string | undefined {
  const wanted = language.trim().toLowerCase().replace(/_/g, '-');
  const exact = AZURE_LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return AZURE_LOCALES.find((locale) => locale.split('-')[0]?.toLowerCase() === primary);
}

function nativeVoices(locale: string): TtsVoice[] {
  const [female = '', male = ''] = (LOCALE_VOICES[locale] ?? '').split('|');
  const voices = (names: string, gender: 'female' | 'male') =>
    names
      .split(',')
      .filter((name) => name !== '')
      .map((name) => ({ id: `${locale}-${name}Neural`, name: `${name} (${locale})`, gender }));
  return [...voices(female, 'female'), ...voices(male, 'male')];
}

/** The locale's own voices, then the multilingual ones; female first throughout. */
export function azureVoices(language: string): readonly TtsVoice[] {
  const locale = azureLocaleFor(language);
  return femaleFirst([...(locale ? nativeVoices(locale) : []), ...MULTILINGUAL]);
}
