import type { ReactNode } from 'react';
import { useText } from '../i18n';
import './theme.css';
import './settings.css';

export type Props = {
  title: string;
  onBack: () => void;
  backLabel?: string;
  /** Optional trailing control (for example a Save button). */
  end?: ReactNode;
};

/** Header for sub-pages: a Back button and the page title. */
export function BackHeader({ title, onBack, backLabel, end }: Props) {
  const t = useText();
  const back = backLabel ?? t('Back');
  return (
    <header className="rb-back-header">
      <button type="button" className="rb-btn rb-btn--ghost rb-back-btn" onClick={onBack} aria-label={back}>
        <span aria-hidden="true">‹</span>
        <span>{back}</span>
      </button>
      <h1 className="rb-back-title">{title}</h1>
      <div className="rb-back-end">{end}</div>
    </header>
  );
}
