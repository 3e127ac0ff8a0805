import { useText } from '../i18n';
import { kindLabel, segmentLabel } from './segmentLabel';
import { titleSentenceCount } from './segmentText';
import type { Segment } from './types';

export type Props = {
  segments: Segment[];
  position: { segment: number; sentence: number };
  /** Jump to a segment; without it the tabs only show where the call is. */
  onSelectSegment?: (index: number) => void;
};

/** The brief as tabs plus the current card, with the sentence being spoken highlighted. */
export function SegmentView({ segments, position, onSelectSegment }: Props) {
  const t = useText();
  const current = segments[position.segment];
  const titleCount = current ? titleSentenceCount(current) : 0;
  const titleSpoken = position.sentence < titleCount;
  return (
    <section className="rb-segments" aria-label={t('Brief')}>
      {segments.length > 1 && (
        <nav className="rb-seg-tabs" aria-label={t('Cards')}>
          {segments.map((segment, index) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: segments are positional and never reordered
              key={index}
              type="button"
              className="rb-seg-tab"
              aria-current={index === position.segment ? 'step' : undefined}
              disabled={!onSelectSegment}
              onClick={() => onSelectSegment?.(index)}
            >
              {segmentLabel(segment, index, t)}
            </button>
          ))}
        </nav>
      )}
      {current && (
        <article className="rb-seg-card" aria-live="off">
          <p className="rb-seg-kind">
            {kindLabel(current.kind, t)} ·{' '}
            {t('{n} of {total}', { n: position.segment + 1, total: segments.length })}
          </p>
          {current.title && (
            <h2 className="rb-seg-title">
              <span
                className={titleSpoken ? 'rb-sentence rb-sentence--current' : 'rb-sentence'}
                aria-current={titleSpoken ? 'true' : undefined}
              >
                {current.title}
              </span>
            </h2>
          )}
          <p className="rb-seg-text">
            {current.sentences.slice(titleCount).map((sentence, offset) => {
              const index = titleCount + offset;
              return (
                <span
                  key={index}
                  className={index === position.sentence ? 'rb-sentence rb-sentence--current' : 'rb-sentence'}
                  aria-current={index === position.sentence ? 'true' : undefined}
                >
                  {sentence}{' '}
                </span>
              );
            })}
          </p>
        </article>
      )}
    </section>
  );
}
