import type { TtsVoice } from '../../tts-engine';
import { femaleFirst } from '../shared/platform-error';

/**
 * MiniMax system voices per language, written `F:` (female) or `M:` (male) + voice id; the display
 * name is the id without its language prefix. The account's full list comes from "list voices".
 */
const BY_LANGUAGE: Readonly<Record<string, readonly string[]>> = {
  zh: [
    'F:female-shaonv',
    'F:female-yujie',
    'F:female-chengshu',
    'F:female-tianmei',
    'F:presenter_female',
    'F:audiobook_female_1',
    'F:audiobook_female_2',
    'F:Chinese (Mandarin)_News_Anchor',
    'F:Chinese (Mandarin)_Mature_Woman',
    'F:Chinese (Mandarin)_Sweet_Lady',
    'F:Chinese (Mandarin)_Warm_Girl',
    'F:Chinese (Mandarin)_Wise_Women',
    'F:Chinese (Mandarin)_Soft_Girl',
    'F:Chinese (Mandarin)_Crisp_Girl',
    'M:male-qn-qingse',
    'M:male-qn-jingying',
    'M:male-qn-badao',
    'M:male-qn-daxuesheng',
    'M:presenter_male',
    'M:audiobook_male_1',
    'M:audiobook_male_2',
    'M:Chinese (Mandarin)_Reliable_Executive',
    'M:Chinese (Mandarin)_Gentleman',
    'M:Chinese (Mandarin)_Male_Announcer',
    'M:Chinese (Mandarin)_Radio_Host',
    'M:Chinese (Mandarin)_Gentle_Youth',
    'M:Chinese (Mandarin)_Humorous_Elder',
  ],
  yue: ['F:Cantonese_GentleLady', 'F:Cantonese_CuteGirl', 'F:Cantonese_KindWoman', 'M:Cantonese_PlayfulMan'],
  en: [
    'F:English_Graceful_Lady',
    'F:English_Wiselady',
    'F:English_CalmWoman',
    'F:English_radiant_girl',
    'F:English_compelling_lady1',
    'F:English_Upbeat_Woman',
    'F:English_ConfidentWoman',
    'F:English_SentimentalLady',
    'F:English_PlayfulGirl',
    'F:English_LovelyGirl',
    'M:English_Insightful_Speaker',
    'M:English_expressive_narrator',
    'M:English_Trustworth_Man',
    'M:English_Steadymentor',
    'M:English_Deep-VoicedGentleman',
    'M:English_magnetic_voiced_man',
    'M:English_CaptivatingStoryteller',
    'M:English_ReservedYoungMan',
    'M:English_DecentYoungMan',
    'M:English_Diligent_Man',
  ],
  ja: [
    'F:Japanese_CalmLady',
    'F:Japanese_KindLady',
    'F:Japanese_DependableWoman',
    'F:Japanese_GracefulMaiden',
    'F:Japanese_DecisivePrincess',
    'F:Japanese_ColdQueen',
    'M:Japanese_IntellectualSenior',
    'M:Japanese_LoyalKnight',
    'M:Japanese_GentleButler',
    'M:Japanese_OptimisticYouth',
    'M:Japanese_SeriousCommander',
  ],
  ko: [
    'F:Korean_CalmLady',
    'F:Korean_SweetGirl',
    'F:Korean_SoothingLady',
    'F:Korean_MatureLady',
    'F:Korean_ReliableSister',
    'F:Korean_ElegantPrincess',
    'M:Korean_CalmGentleman',
    'M:Korean_IntellectualSenior',
    'M:Korean_CheerfulBoyfriend',
    'M:Korean_BraveYouth',
  ],
  es: [
    'F:Spanish_SereneWoman',
    'F:Spanish_ConfidentWoman',
    'F:Spanish_SophisticatedLady',
    'F:Spanish_ThoughtfulLady',
    'M:Spanish_Narrator',
    'M:Spanish_MaturePartner',
    'M:Spanish_WiseScholar',
    'M:Spanish_ReliableMan',
  ],
  pt: [
    'F:Portuguese_SentimentalLady',
    'F:Portuguese_ConfidentWoman',
    'F:Portuguese_SereneWoman',
    'F:Portuguese_ThoughtfulLady',
    'M:Portuguese_Narrator',
    'M:Portuguese_ThoughtfulMan',
    'M:Portuguese_ReliableMan',
  ],
  fr: ['F:French_FemaleAnchor', 'F:French_MovieLeadFemale', 'M:French_MaleNarrator', 'M:French_CasualMan'],
  id: [
    'F:Indonesian_CalmWoman',
    'F:Indonesian_ConfidentWoman',
    'F:Indonesian_SweetGirl',
    'M:Indonesian_ReservedYoungMan',
    'M:Indonesian_CaringMan',
  ],
  de: ['F:German_SweetLady', 'M:German_FriendlyMan', 'M:German_PlayfulMan'],
  ru: [
    'F:Russian_AmbitiousWoman',
    'F:Russian_BrightHeroine',
    'M:Russian_ReliableMan',
    'M:Russian_AttractiveGuy',
  ],
  it: ['F:Italian_BraveHeroine', 'M:Italian_Narrator', 'M:Italian_DiligentLeader'],
  nl: ['F:Dutch_kindhearted_girl', 'M:Dutch_bossy_leader'],
  vi: ['F:Vietnamese_kindhearted_girl'],
  ar: ['F:Arabic_CalmWoman', 'M:Arabic_FriendlyGuy'],
  tr: ['F:Turkish_CalmWoman', 'M:Turkish_Trustworthyman'],
  uk: ['F:Ukrainian_CalmWoman', 'M:Ukrainian_WiseScholar'],
};

const PREFERRED: Readonly<Record<string, string>> = {
  zh: 'female-shaonv',
  en: 'English_Graceful_Lady',
  yue: 'Cantonese_GentleLady',
  ja: 'Japanese_CalmLady',
  ko: 'Korean_CalmLady',
};

function toVoice(entry: string): TtsVoice {
  const id = entry.slice(2);
  const underscore = id.indexOf('_');
  const name = /^[A-Z]/.test(id) && underscore > 0 ? id.slice(underscore + 1).replace(/_/g, ' ') : id;
  return { id, name, gender: entry.startsWith('F:') ? 'female' : 'male' };
}

/** The voice-table key of a call language: Cantonese (yue, also zh-HK / zh-MO) apart from Mandarin. */
export function minimaxLanguageKey(language: string): string | undefined {
  const tag = language.trim().toLowerCase().replace(/_/g, '-');
  if (tag === 'yue' || tag.startsWith('yue-') || tag === 'zh-hk' || tag === 'zh-mo') return 'yue';
  const primary = tag.split('-')[0] ?? '';
  return primary in BY_LANGUAGE ? primary : undefined;
}

/** The language's system voices (female first); other languages get English and Mandarin. */
export function minimaxVoices(language: string): readonly TtsVoice[] {
  const key = minimaxLanguageKey(language);
  const entries = key ? (BY_LANGUAGE[key] ?? []) : [...(BY_LANGUAGE.en ?? []), ...(BY_LANGUAGE.zh ?? [])];
  return femaleFirst(entries.map(toVoice));
}

export function minimaxDefaultVoice(language: string): string {
  const preferred = PREFERRED[minimaxLanguageKey(language) ?? ''];
  return preferred ?? minimaxVoices(language)[0]?.id ?? 'English_Graceful_Lady';
}
