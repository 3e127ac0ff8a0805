import { describe, expect, it } from 'vitest';
import { titleSentenceCount } from './segmentText';

describe('titleSentenceCount', () => {
  it('counts the sentences that speak the title', () => {
    expect(titleSentenceCount({ title: 'Result', sentences: ['Result', 'Work finished.'] })).toBe(1);
    expect(titleSentenceCount({ title: 'Done. Ship it', sentences: ['Done.', 'Ship it', 'Body.'] })).toBe(2);
  });

  it('is 0 without a title, or when the text does not start with it', () => {
    expect(titleSentenceCount({ sentences: ['Work finished.'] })).toBe(0);
    expect(titleSentenceCount({ title: 'Result', sentences: ['Work finished.'] })).toBe(0);
    expect(titleSentenceCount({ title: 'Result', sentences: [] })).toBe(0);
  });
});
