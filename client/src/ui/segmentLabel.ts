import type { Segment } from './types';

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
export function segmentLabel(segment: Segment, index: number): string {
  if (segment.title) return segment.title;
  const kind = KIND_LABELS[segment.kind] ?? segment.kind;
  return kind === 'Card' ? `Card ${index}` : kind;
}

export function kindLabel(kind: string): string {
  return KIND_LABELS[kind] ?? kind;
}
