import { describe, expect, it } from 'vitest';
import {
  firstPosition,
  nextPosition,
  nextSegmentIndex,
  previousSegmentIndex,
  readingTimeMs,
  sentencesBefore,
  totalSentences,
} from './call-position';
import type { CallSegment } from './call-segments';

const segments: CallSegment[] = [
  { kind: 'spoken', sentences: [] },
  { kind: 'card', sentences: ['a', 'b'] },
  { kind: 'notes', sentences: [] },
  { kind: 'conclusion', sentences: ['c'] },
];

describe('call positions', () => {
  it('walks sentences across segments, skipping empty ones', () => {
    expect(firstPosition(segments)).toEqual({ segment: 1, sentence: 0 });
    expect(nextPosition(segments, { segment: 1, sentence: 0 })).toEqual({ segment: 1, sentence: 1 });
    expect(nextPosition(segments, { segment: 1, sentence: 1 })).toEqual({ segment: 3, sentence: 0 });
    expect(nextPosition(segments, { segment: 3, sentence: 0 })).toBeNull();
    expect(firstPosition([])).toBeNull();
  });

  it('finds neighbouring segments that have sentences', () => {
    expect(nextSegmentIndex(segments, 1)).toBe(3);
    expect(nextSegmentIndex(segments, 3)).toBeNull();
    expect(previousSegmentIndex(segments, 3)).toBe(1);
    expect(previousSegmentIndex(segments, 1)).toBeNull();
  });

  it('counts sentences for progress', () => {
    expect(totalSentences(segments)).toBe(3);
    expect(sentencesBefore(segments, { segment: 1, sentence: 1 })).toBe(1);
    expect(sentencesBefore(segments, { segment: 3, sentence: 0 })).toBe(2);
  });

  it('gives max(1500, chars × 220) / rate ms of reading time', () => {
    expect(readingTimeMs('short', 1)).toBe(1500);
    expect(readingTimeMs('x'.repeat(10), 1)).toBe(2200);
    expect(readingTimeMs('x'.repeat(10), 2)).toBe(1100);
    expect(readingTimeMs('这是中文句子。', 0.5)).toBe(3080);
    expect(readingTimeMs('short', 0)).toBe(1500);
  });
});
