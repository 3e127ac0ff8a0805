import type { Translate } from '../i18n';
import type { Segment } from './types';

const asIs: Translate = (english) => english;

const KIND_LABELS: Record<string, string> = {
  paragraph: 'Summary',
  // The in-call player's segment kinds (machines/src/in-call/call-segments.ts).
  spoken: 'Summary',
  notes: 'Note',
  noBrief: 'Report',
  card: 'Card',
  note: 'Note',
  conclusion: 'Conclusion',
  questions: 'Questions',
  'no-brief': 'Report',
};

/** Short label for a segment tab: its title when it has one, else its kind. */
export function segmentLabel(segment: Segment, index: number, t: Translate = asIs): string {
  if (segment.title) return segment.title;
  const kind = KIND_LABELS[segment.kind];
  if (kind === 'Card') return t('Card {index}', { index });
  return kind ? t(kind) : segment.kind;
}

export function kindLabel(kind: string, t: Translate = asIs): string {
  const label = KIND_LABELS[kind];
  return label ? t(label) : kind;
}
