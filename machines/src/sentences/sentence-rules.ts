/**
 * The cutting rules shared by `splitSentences` (whole text) and `SentenceChunker` (streamed
 * text), so a streamed answer is cut where the same text would be cut at once.
 * Lengths are counted in code points, so a hard cut never splits a surrogate pair.
 */

/** Longest piece read as one sentence; longer sentences are cut at clause commas. */
export const MAX_SENTENCE_CHARS = 120;
/** Shorter fragments ("OK.", "好的。") merge into the next one: a voice reads them too choppily. */
export const MIN_SENTENCE_CHARS = 6;

const CJK_TERMINATORS = '。！？；…';
const ASCII_TERMINATORS = '.!?;';
const CLOSERS = '"\'”’」』）)]】》';

export function charCount(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

function isTerminator(ch: string): boolean {
  return CJK_TERMINATORS.includes(ch) || ASCII_TERMINATORS.includes(ch);
}

/**
 * Joins two fragments that lost the whitespace between them (a newline, a trimmed cut):
 * "Hi" + "there" reads "Hi there", while "你好" + "世界" stays "你好世界".
 */
export function joinFragments(left: string, right: string): string {
  if (left === '') return right;
  const last = left.charCodeAt(left.length - 1);
  return last < 128 && /^[\p{L}\p{N}]/u.test(right) ? `${left} ${right}` : left + right;
}

/** Raw cut result: trimmed pieces, and how many UTF-16 units of the input they used up. */
export interface CutResult {
  pieces: string[];
  consumed: number;
}

/**
 * Packs one long sentence into pieces of at most MAX_SENTENCE_CHARS, greedily, at clause
 * commas (`，`, `、`, or `,` not followed by a digit), with a hard cut where a clause alone
 * is too long. With `final` false the sentence may still grow, so the last piece (which could
 * take more clauses) stays unconsumed, and a `,` at the very end is undecided ("1,000").
 */
export function packClauses(sentence: string, final: boolean): CutResult {
  const bounds: number[] = [];
  for (let i = 0; i < sentence.length; i++) {
    const ch = sentence[i];
    if (ch === '，' || ch === '、') bounds.push(i + 1);
    else if (ch === ',') {
      const next = sentence[i + 1];
      if (next === undefined ? final : !/[0-9]/.test(next)) bounds.push(i + 1);
    }
  }
  bounds.push(sentence.length);

  // Pieces as raw [start, end) ranges, so packed text keeps its original spacing.
  const starts: number[] = [];
  const ends: number[] = [];
  let pieceStart = -1;
  let clauseStart = 0;
  for (const clauseEnd of bounds) {
    if (sentence.slice(clauseStart, clauseEnd).trim() === '') {
      clauseStart = clauseEnd;
      continue;
    }
    if (pieceStart >= 0 && charCount(sentence.slice(pieceStart, clauseEnd).trim()) <= MAX_SENTENCE_CHARS) {
      ends[ends.length - 1] = clauseEnd;
      clauseStart = clauseEnd;
      continue;
    }
    let start = clauseStart;
    while (/\s/.test(sentence[start] ?? '')) start++;
    // A clause too long on its own: cut it every MAX_SENTENCE_CHARS code points.
    while (charCount(sentence.slice(start, clauseEnd).trim()) > MAX_SENTENCE_CHARS) {
      let cut = start;
      for (let n = 0; n < MAX_SENTENCE_CHARS; n++) cut += (sentence.codePointAt(cut) ?? 0) > 0xffff ? 2 : 1;
      starts.push(start);
      ends.push(cut);
      start = cut;
      while (/\s/.test(sentence[start] ?? '')) start++;
    }
    starts.push(start);
    ends.push(clauseEnd);
    pieceStart = start;
    clauseStart = clauseEnd;
  }

  const keep = final ? starts.length : Math.max(0, starts.length - 1);
  const pieces: string[] = [];
  for (let i = 0; i < keep; i++) {
    const piece = sentence.slice(starts[i], ends[i]).trim();
    if (piece !== '') pieces.push(piece);
  }
  const consumed = final ? sentence.length : keep > 0 ? (starts[keep] ?? sentence.length) : 0;
  return { pieces, consumed };
}

function pushSentence(pieces: string[], raw: string): void {
  const sentence = raw.trim();
  if (sentence === '') return;
  if (charCount(sentence) <= MAX_SENTENCE_CHARS) pieces.push(sentence);
  else pieces.push(...packClauses(raw, true).pieces);
}

/**
 * Cuts text into sentences: after runs of terminators (CJK `。！？；…` always; ASCII `.!?;` only
 * before whitespace, a non-ASCII character or the end, which keeps "3.5", "a.ts", "e.g.,"),
 * taking trailing closers along, and at every newline. With `final` false the text may
 * continue: a terminator run at the very end waits (it may become "？！", "……", "。」" or
 * "3.5"), and an unterminated tail longer than MAX_SENTENCE_CHARS gives up its finished
 * comma pieces early. Short fragments are not merged here.
 */
export function cutSentences(text: string, final: boolean): CutResult {
  const pieces: string[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '\n') {
      pushSentence(pieces, text.slice(start, i));
      start = i + 1;
      i = start;
      continue;
    }
    if (!isTerminator(ch)) {
      i++;
      continue;
    }
    let j = i;
    let cjk = false;
    while (j < text.length && isTerminator(text[j] as string)) {
      if (CJK_TERMINATORS.includes(text[j] as string)) cjk = true;
      j++;
    }
    while (j < text.length && CLOSERS.includes(text[j] as string)) j++;
    const next = text[j];
    if (next === undefined && !final) break;
    if (cjk || next === undefined || /\s/.test(next) || next.charCodeAt(0) > 127) {
      pushSentence(pieces, text.slice(start, j));
      start = j;
    }
    i = j;
  }
  if (final) {
    pushSentence(pieces, text.slice(start));
    return { pieces, consumed: text.length };
  }
  const tail = text.slice(start);
  if (charCount(tail.trim()) > MAX_SENTENCE_CHARS) {
    const early = packClauses(tail, false);
    pieces.push(...early.pieces);
    return { pieces, consumed: start + early.consumed };
  }
  return { pieces, consumed: start };
}
