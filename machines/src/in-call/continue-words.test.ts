import { describe, expect, it } from 'vitest';
import { CONTINUE_WORDS, isContinueWord } from './continue-words';

describe('isContinueWord', () => {
  it('accepts every listed word', () => {
    for (const word of CONTINUE_WORDS) expect(isContinueWord(word), word).toBe(true);
  });

  it('ignores case, punctuation, width and polite filler', () => {
    for (const text of [
      'Continue.',
      '  GO ON!  ',
      'keep going...',
      'ok, next',
      'please continue',
      '继续。',
      '请继续',
      '好的，接着说吧',
      '好，请继续',
      'Weiter bitte',
      'Vas-y !',
      'ｃｏｎｔｉｎｕｅ',
    ]) {
      expect(isContinueWord(text), text).toBe(true);
    }
  });

  it('treats anything more as a question', () => {
    for (const text of [
      '',
      '  ',
      '?',
      'Next steps?',
      'continue the migration?',
      'why continue',
      '继续做什么？',
      '为什么',
      'ok',
      '好的',
    ]) {
      expect(isContinueWord(text), text).toBe(false);
    }
  });
});
