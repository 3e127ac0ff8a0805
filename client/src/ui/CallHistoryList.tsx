import { useText } from '../i18n';
import { CopyButton } from './CopyButton';
import type { HistoryRow } from './types';

export type Props = {
  history: HistoryRow[];
  onReplay: (eventId: string) => void;
  onOpen: (eventId: string) => void;
  onCopy?: (text: string) => Promise<void> | void;
};

/** Lower list of the calls page: the local call history, newest first as given. */
export function CallHistoryList({ history, onReplay, onOpen, onCopy }: Props) {
  const t = useText();
  return (
    <section className="rb-card" aria-labelledby="rb-history-title">
      <h2 id="rb-history-title" className="rb-section-title">
        {t('Call history')}
      </h2>
      {history.length === 0 ? (
        <p className="rb-empty">{t('No calls yet. When an agent finishes a turn, it will ring here.')}</p>
      ) : (
        <ul className="rb-list rb-rows">
          {history.map((row) => (
            <li key={row.eventId} className="rb-list-row rb-history-row">
              <button
                type="button"
                className="rb-row-main rb-row-link"
                onClick={() => onOpen(row.eventId)}
                aria-label={t('Open details: {title}', { title: row.title })}
              >
                <span className="rb-row-title">{row.title}</span>
                <span className="rb-row-meta">
                  {row.agentLabel} · <time title={row.updatedTimeTitle}>{row.callTime}</time> ·{' '}
                  <span className="rb-pill">{row.statusLabel}</span>
                </span>
              </button>
              <div className="rb-row-actions">
                {row.resumeCommand && <CopyButton text={row.resumeCommand} onCopy={onCopy} />}
                <button
                  type="button"
                  className="rb-btn rb-btn--small"
                  onClick={() => onReplay(row.eventId)}
                  aria-label={t('Replay {title}', { title: row.title })}
                >
                  {t('Replay')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
