import { useId } from 'react';
import { useText } from '../../i18n';

export type Props = {
  name: string;
  /** Nothing to preview when the slot is silent. */
  silent: boolean;
  onPreview: () => void;
};

/** The slot's current tone, pinned above the list, with Preview. */
export function CurrentToneCard({ name, silent, onPreview }: Props) {
  const t = useText();
  const titleId = useId();
  return (
    <section className="rb-card rb-tone-current" aria-labelledby={titleId}>
      <h2 id={titleId} className="rb-section-title">
        {t('Current tone')}
      </h2>
      <div className="rb-row">
        <span className="rb-tone-current-name">{name}</span>
        {!silent && (
          <button type="button" className="rb-btn rb-btn--small" onClick={onPreview}>
            {t('Preview')}
          </button>
        )}
      </div>
    </section>
  );
}
