import { useText } from '../i18n';
import type { FailedReport } from './types';

export type Props = {
  failed: FailedReport[];
  onRetry: (eventId: string) => void;
  onIgnore: (eventId: string) => void;
};

/** Reports whose speech or brief failed: they never ring, the user retries or ignores them. */
export function FailedReportList({ failed, onRetry, onIgnore }: Props) {
  const t = useText();
  if (failed.length === 0) return null;
  return (
    <section className="rb-card" aria-labelledby="rb-failed-title">
      <h2 id="rb-failed-title" className="rb-section-title">
        {t('Could not prepare')}
      </h2>
      <ul className="rb-list rb-rows">
        {failed.map((report) => (
          <li key={report.eventId} className="rb-list-row">
            <div className="rb-row-main">
              <p className="rb-row-title">{report.title}</p>
              <p className="rb-row-meta rb-row-meta--error">{report.reason}</p>
            </div>
            <div className="rb-row-actions">
              <button
                type="button"
                className="rb-btn rb-btn--small"
                onClick={() => onRetry(report.eventId)}
                aria-label={t('Retry {title}', { title: report.title })}
              >
                {t('Retry')}
              </button>
              <button
                type="button"
                className="rb-btn rb-btn--small rb-btn--ghost"
                onClick={() => onIgnore(report.eventId)}
                aria-label={t('Ignore {title}', { title: report.title })}
              >
                {t('Ignore')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
