/**
 * What a spoken answer to a permission call means: `allow` (shown, then confirmed by a tap, so a
 * mis-heard word never allows), `deny` (at once), or nothing the call acts on. A deny word anywhere
 * wins over an allow word ("no, go ahead", "不允许"): when the two are heard together the safe
 * reading is the refusal.
 */
export type SpokenDecision = 'allow' | 'deny' | null;

interface WordList {
  allow: readonly string[];
  deny: readonly string[];
}

/** English words are matched whole (so "know" is not "no"), phrases as runs of whole words. */
const ENGLISH: WordList = {
  allow: ['allow', 'allow it', 'yes', 'yeah', 'yep', 'go ahead', 'approve'],
  // Negations and hesitations deny too: "never allow that", "can't allow", "not yet", "wait".
  deny: [
    'deny',
    'no',
    'nope',
    'stop',
    'do not',
    "don't",
    'dont',
    'not',
    'never',
    "can't",
    'cannot',
    "won't",
    'wait',
    'cancel',
    'reject',
    'refuse',
  ],
};

/**
 * Chinese has no spaces, so its words are found inside the transcript. Single characters that
 * often sit inside other words (是 in 这是什么) are left out of the allow side; 不 and 别 are on
 * the deny side on purpose (不要, 不行, 不允许, 别).
 */
const CHINESE: WordList = {
  allow: ['允许', '允許', '同意', '可以', '是的', '好的', '继续', '繼續', '批准'],
  // 没/沒/未 negate (没允许, 未批准), 勿/禁止/取消/算了 refuse.
  deny: ['拒绝', '拒絕', '不', '别', '別', '停', '否', '没', '沒', '未', '勿', '禁止', '取消', '算了'],
};

/** The word lists by language subtag; English is always heard as well. */
const WORDS: Readonly<Record<string, WordList>> = { en: ENGLISH, zh: CHINESE, yue: CHINESE };

function languageOf(tag: string): string {
  return (tag.trim().split(/[-_]/)[0] ?? '').toLowerCase();
}

/** Lower case, apostrophes kept, every other punctuation mark a space. */
function normalised(transcript: string): string {
  return transcript
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^\p{L}\p{N}'\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const HAN = /\p{Script=Han}/u;

function heard(text: string, word: string): boolean {
  if (HAN.test(word)) return text.includes(word);
  return ` ${text} `.includes(` ${word} `);
}

/** What a transcript says to the permission call in `language` (the call's brief language). */
export function spokenDecision(transcript: string, language: string): SpokenDecision {
  const text = normalised(transcript);
  if (text === '') return null;
  const lists = [ENGLISH, WORDS[languageOf(language)]].filter((list): list is WordList => list !== undefined);
  if (lists.some((list) => list.deny.some((word) => heard(text, word)))) return 'deny';
  if (lists.some((list) => list.allow.some((word) => heard(text, word)))) return 'allow';
  return null;
}
