/**
 * The dictionaries eSpeak NG switches to for words in another script than the voice's own, as its
 * alphabet table says (src/libespeak-ng/tr_languages.c, `alphabets[]`): a script that names a
 * language is read with that language's dictionary. Scripts that name none (Cyrillic, Hebrew,
 * Arabic, Thai, kana, Han, …) are read with the voice's own dictionary or spelt with English,
 * which is always loaded. Loading a dictionary never read costs only its download; missing one
 * that is read makes those words silent or spelt, unlike the full package.
 */
const SCRIPT_DICTIONARIES: readonly (readonly [first: number, last: number, dictionary: string])[] = [
  [0x0380, 0x03ff, 'el'], // Greek
  [0x0530, 0x058f, 'hy'], // Armenian
  [0x0900, 0x097f, 'hi'], // Devanagari
  [0x0980, 0x09ff, 'bn'], // Bengali
  [0x0a00, 0x0a7f, 'pa'], // Gurmukhi
  [0x0a80, 0x0aff, 'gu'], // Gujarati
  [0x0b80, 0x0bff, 'ta'], // Tamil
  [0x0c00, 0x0c7f, 'te'], // Telugu
  [0x0c80, 0x0cff, 'kn'], // Kannada
  [0x0d00, 0x0d7f, 'ml'], // Malayalam
  [0x0d80, 0x0dff, 'si'], // Sinhala
  [0x10a0, 0x10ff, 'ka'], // Georgian
  [0x1100, 0x11ff, 'ko'], // Hangul Jamo
  [0xa700, 0xd7ff, 'ko'], // Hangul syllables (and the blocks eSpeak NG counts with them)
];

/** eSpeak NG voices that read another script with a language of their own choice (`alt_alphabet`). */
const ALTERNATE_ALPHABETS: Readonly<Record<string, readonly [number, number, string]>> = {
  // Georgian reads Cyrillic as Russian.
  ka: [0x0400, 0x052f, 'ru'],
};

/** The dictionaries eSpeak NG may switch to for `text` spoken with the voice whose dictionary is `own`. */
export function scriptDictionaries(text: string, own: string): string[] {
  const found = new Set<string>();
  const alternate = ALTERNATE_ALPHABETS[own];
  for (const character of text) {
    const code = character.codePointAt(0) ?? 0;
    if (code < 0x0380) continue; // Latin and its marks: the voice's own or English
    if (alternate && code >= alternate[0] && code <= alternate[1]) {
      found.add(alternate[2]);
      continue;
    }
    const script = SCRIPT_DICTIONARIES.find(([first, last]) => code >= first && code <= last);
    if (script) found.add(script[2]);
  }
  found.delete(own);
  return [...found];
}
