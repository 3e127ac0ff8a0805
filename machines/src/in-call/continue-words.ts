/**
 * Words that mean "go on reading" rather than a question: typed alone, they resume the brief
 * with no model call (fast, free, and it works with no LLM configured). Matching is on the
 * whole message after normalising, so "Next steps?" is still a question.
 */
export const CONTINUE_WORDS: readonly string[] = [
  // English
  'continue',
  'go on',
  'keep going',
  'carry on',
  'resume',
  'next',
  'proceed',
  'go ahead',
  'move on',
  'keep reading',
  // Chinese
  '继续',
  '接着说',
  '往下说',
  '继续说',
  '接着',
  '接着讲',
  '往下讲',
  '继续讲',
  '继续读',
  '继续播放',
  '下一句',
  // German
  'weiter',
  'mach weiter',
  'weitermachen',
  'fortfahren',
  // French
  'continuer',
  'continuez',
  'vas-y',
  'allez-y',
  'suivant',
  // Spanish, Portuguese, Italian
  'continuar',
  'continúa',
  'continua',
  'sigue',
  'siga',
  'adelante',
  'prossiga',
  'avanti',
  'vai avanti',
  // Japanese, Korean
  '続けて',
  '続けてください',
  '次',
  '계속',
  '계속해',
  '계속해요',
];

/** Politeness around the word ("ok, go on please", "好的，继续吧") does not make it a question. */
const LATIN_FILLERS = new Set(['please', 'pls', 'ok', 'okay', 'alright', 'now', 'bitte', 'yes', 'sure']);
const CJK_PREFIXES = ['好的', '请', '好', '嗯', '那'];
const CJK_SUFFIXES = ['吧', '啊', '呀', '哦', '了'];

function normalise(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

function stripFillers(text: string): string {
  const words = text.split(' ');
  while (words.length > 1 && LATIN_FILLERS.has(words[0] ?? '')) words.shift();
  while (words.length > 1 && LATIN_FILLERS.has(words.at(-1) ?? '')) words.pop();
  let rest = words.join(' ');
  for (let changed = true; changed; ) {
    changed = false;
    for (const prefix of CJK_PREFIXES) {
      if (rest.startsWith(prefix) && rest.length > prefix.length) {
        rest = rest.slice(prefix.length).trim();
        changed = true;
      }
    }
    for (const suffix of CJK_SUFFIXES) {
      if (rest.endsWith(suffix) && rest.length > suffix.length) {
        rest = rest.slice(0, -suffix.length).trim();
        changed = true;
      }
    }
  }
  return rest;
}

const WORDS = new Set(CONTINUE_WORDS.map(normalise));

/** True when the whole message only asks to go on reading. */
export function isContinueWord(text: string): boolean {
  const normalised = normalise(text);
  return normalised !== '' && (WORDS.has(normalised) || WORDS.has(stripFillers(normalised)));
}
