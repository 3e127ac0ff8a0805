import type { Segment } from './types';

/**
 * How many of a segment's first sentences are its title. A card's title is spoken as its first
 * sentence(s) so a listener hears which card begins; on screen it is the card's heading, so the
 * text below it starts after them.
 */
export function titleSentenceCount(segment: Pick<Segment, 'title' | 'sentences'>): number {
  const title = segment.title?.replace(/\s+/g, ' ').trim();
  if (!title) return 0;
  let spoken = '';
  for (let count = 1; count <= segment.sentences.length; count++) {
    spoken = `${spoken} ${segment.sentences[count - 1] ?? ''}`.replace(/\s+/g, ' ').trim();
    if (spoken === title) return count;
    if (spoken.length >= title.length) return 0;
  }
  return 0;
}
