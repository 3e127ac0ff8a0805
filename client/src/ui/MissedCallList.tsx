import { useText } from '../i18n';
import { PhoneIcon } from './icons';
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
          <li key={call.eventId} className="rb-list-row">
            <div className="rb-row-main">
              <p className="rb-row-title">{call.title}</p>
              <p className="rb-row-meta">
                {call.agentLabel} · <time title={call.updatedTimeTitle}>{call.callTime}</time>
              </p>
            </div>
            <button
              type="button"
              className="rb-btn rb-btn--small rb-btn--answer"
              onClick={() => onAnswer(call.eventId)}
              aria-label={t('Answer {title}', { title: call.title })}
            >
              <PhoneIcon /> {t('Answer')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
