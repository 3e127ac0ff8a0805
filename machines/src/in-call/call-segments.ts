import type { Brief } from '@ringback/protocol';
import { splitSentences } from '../sentences/split-sentences';

export type CallSegmentKind = 'spoken' | 'card' | 'notes' | 'conclusion' | 'noBrief';

/** One page of the call: what the screen shows as a unit and "next/previous" jumps between. */
export interface CallSegment {
  kind: CallSegmentKind;
  /** Card title or added-notes heading, for the page header. */
  title?: string;
  sentences: string[];
}

export interface CallSegmentsInput {
  brief: Brief;
  /** The original report, read in full when there is no brief. */
  reportText: string;
  /** Interface-language line that says there is no brief, e.g. "No brief; here is the report." */
  noBriefLine: string;
}

/**
 * Turns a brief into the call's segments: the spoken paragraph, one segment per card, the
 * added notes, the conclusion. A card's title is both its `title` (the page header) and its
 * first sentence: a listener who is not looking at the screen hears which card begins, also
 * after jumping to it. The notes heading is read first the same way. Segments with nothing to
 * read are left out. A failed brief becomes one segment: the "no brief" line, then the report.
 */
export function buildCallSegments(input: CallSegmentsInput): CallSegment[] {
  const { brief } = input;
  if (brief.status === 'failed') {
    return [
      {
        kind: 'noBrief',
        sentences: [...splitSentences(input.noBriefLine), ...splitSentences(input.reportText)],
      },
    ];
  }
  const segments: CallSegment[] = [{ kind: 'spoken', sentences: splitSentences(brief.spoken) }];
  for (const card of brief.cards) {
    segments.push({
      kind: 'card',
      title: card.title,
      sentences: [...splitSentences(card.title), ...splitSentences(card.body)],
    });
  }
  if (brief.addedNotes) {
    segments.push({
      kind: 'notes',
      title: brief.addedNotes.heading,
      sentences: [
        ...splitSentences(brief.addedNotes.heading),
        ...brief.addedNotes.facts.flatMap((fact) => splitSentences(fact)),
      ],
    });
  }
  segments.push({ kind: 'conclusion', sentences: splitSentences(brief.conclusion) });
  return segments.filter((segment) => segment.sentences.length > 0);
}
