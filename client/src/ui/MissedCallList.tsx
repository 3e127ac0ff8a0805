import { useText } from '../i18n';
import { MissedCallRow } from './CallRows';
import type { MissedCall } from './types';

export type Props = {
  missed: MissedCall[];
  onAnswer: (eventId: string) => void;
  onAcknowledgeAll: () => void;
};

/** Upper list of the calls page: missed calls, each answerable at once, in any order. */
export function MissedCallList({ missed, onAnswer, onAcknowledgeAll }: Props) {
  const t = useText();
  if (missed.length === 0) return null;
  return (
    <section className="rb-card rb-missed" aria-labelledby="rb-missed-title">
      <div className="rb-section-head">
        <h2 id="rb-missed-title" className="rb-section-title">
          {t('Missed calls')} <span className="rb-count">{missed.length}</span>
        </h2>
        <button
          type="button"
          className="rb-btn rb-btn--small rb-btn--ghost"
          onClick={() => onAcknowledgeAll()}
        >
          {t('Acknowledge all')}
        </button>
      </div>
      <ul className="rb-list rb-rows">
        {missed.map((call) => (
          <MissedCallRow key={call.eventId} call={call} onAnswer={onAnswer} />
        ))}
      </ul>
    </section>
  );
}
