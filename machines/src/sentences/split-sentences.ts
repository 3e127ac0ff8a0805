import { charCount, cutSentences, joinFragments, MIN_SENTENCE_CHARS } from './sentence-rules';

/**
 * Merges fragments shorter than MIN_SENTENCE_CHARS into the following one. Returns the
 * finished sentences and the short carry still waiting for a follower.
 */
function mergeShort(carry: string, pieces: string[]): { sentences: string[]; carry: string } {
  const sentences: string[] = [];
  let pending = carry;
  for (const piece of pieces) {
    const merged = joinFragments(pending, piece);
    if (charCount(merged) < MIN_SENTENCE_CHARS) pending = merged;
    else {
      sentences.push(merged);
      pending = '';
    }
  }
  return { sentences, carry: pending };
}

/**
 * Splits a whole text into the sentences a voice reads one at a time (rules in
 * `sentence-rules.ts`); a short final tail merges backwards into the last sentence.
 */
export function splitSentences(text: string): string[] {
  const { sentences, carry } = mergeShort('', cutSentences(text, true).pieces);
  if (carry === '') return sentences;
  const last = sentences.pop();
  sentences.push(last === undefined ? carry : joinFragments(last, carry));
  return sentences;
}

/**
 * Cuts a streamed text (an LLM answer arriving in deltas) into sentences as soon as each is
 * certain, by the same rules as `splitSentences`. One difference: a short final tail cannot
 * merge backwards (the sentence before it was already spoken), so `flush` returns it alone.
 */
export class SentenceChunker {
  private buffer = '';
  private carry = '';

  /** Adds a delta; returns the sentences it completed, in order. */
  push(delta: string): string[] {
    this.buffer += delta;
    const { pieces, consumed } = cutSentences(this.buffer, false);
    this.buffer = this.buffer.slice(consumed);
    const merged = mergeShort(this.carry, pieces);
    this.carry = merged.carry;
    return merged.sentences;
  }

  /** The text has ended: returns every sentence still held back, and starts afresh. */
  flush(): string[] {
    const merged = mergeShort(this.carry, cutSentences(this.buffer, true).pieces);
    this.buffer = '';
    this.carry = '';
    return merged.carry === '' ? merged.sentences : [...merged.sentences, merged.carry];
  }
}
