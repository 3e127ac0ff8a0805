import { charCount } from '../sentences/sentence-rules';
import type { CallSegment } from './call-segments';

/** A sentence in the brief: indexes into `segments[segment].sentences[sentence]`. */
export interface CallPosition {
  segment: number;
  sentence: number;
}

/** Shortest time a caption stays up when there is no voice to wait for. */
export const MIN_READING_MS = 1500;
/** Reading pace for captions: about 4.5 characters a second at rate 1. */
export const READING_MS_PER_CHAR = 220;

/** How long a sentence shows when it cannot be heard: max(1500, chars × 220) / rate ms. */
export function readingTimeMs(text: string, rate: number): number {
  const pace = Number.isFinite(rate) && rate > 0 ? rate : 1;
  return Math.max(MIN_READING_MS, charCount(text) * READING_MS_PER_CHAR) / pace;
}

export function hasSentences(segments: CallSegment[], index: number): boolean {
  return (segments[index]?.sentences.length ?? 0) > 0;
}

/** The first readable sentence, or null when the call has nothing to read. */
export function firstPosition(segments: CallSegment[]): CallPosition | null {
  const segment = segments.findIndex((s) => s.sentences.length > 0);
  return segment < 0 ? null : { segment, sentence: 0 };
}

/** The sentence after `position`, crossing into the next segment that has any; null at the end. */
export function nextPosition(segments: CallSegment[], position: CallPosition): CallPosition | null {
  if (position.sentence + 1 < (segments[position.segment]?.sentences.length ?? 0)) {
    return { segment: position.segment, sentence: position.sentence + 1 };
  }
  const segment = nextSegmentIndex(segments, position.segment);
  return segment === null ? null : { segment, sentence: 0 };
}

export function nextSegmentIndex(segments: CallSegment[], from: number): number | null {
  for (let i = from + 1; i < segments.length; i++) if (hasSentences(segments, i)) return i;
  return null;
}

export function previousSegmentIndex(segments: CallSegment[], from: number): number | null {
  for (let i = Math.min(from, segments.length) - 1; i >= 0; i--) if (hasSentences(segments, i)) return i;
  return null;
}

export function comparePositions(a: CallPosition, b: CallPosition): number {
  return a.segment - b.segment || a.sentence - b.sentence;
}

export function totalSentences(segments: CallSegment[]): number {
  return segments.reduce((sum, segment) => sum + segment.sentences.length, 0);
}

/** How many sentences come before `position` in the whole call. */
export function sentencesBefore(segments: CallSegment[], position: CallPosition): number {
  let count = 0;
  for (let i = 0; i < position.segment && i < segments.length; i++)
    count += segments[i]?.sentences.length ?? 0;
  return count + position.sentence;
}
