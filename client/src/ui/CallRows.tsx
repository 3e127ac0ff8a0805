import { useText } from '../i18n';
import { CopyButton } from './CopyButton';
import { PhoneIcon } from './icons';
import type { HistoryRow, MissedCall } from './types';
import './theme.css';
import './idle.css';

/*
 * One missed call and one past call, as rows: used by MissedCallList and CallHistoryList, and by
 * the tracker's lists split into project groups (which have their own cards and headings).
 */

export function MissedCallRow({ call, onAnswer }: { call: MissedCall; onAnswer: (eventId: string) => void }) {
  const t = useText();
  return (
    <li className="rb-list-row">
      <div className="rb-row-main">
        <p className="rb-row-title">{call.title}</p>
        <p className="rb-row-meta">
          {call.agentLabel} · <time title={call.updatedTimeTitle}>{call.callTime}</time>
          {call.expired && (
            <>
              {' '}
              · <span className="rb-pill rb-pill--warn">{t('Expired')}</span>
            </>
          )}
        </p>
        {call.expired && <p className="rb-row-meta rb-row-expired">{call.expired}</p>}
      </div>
      {!call.expired && (
        <button
          type="button"
          className="rb-btn rb-btn--small rb-btn--answer"
          onClick={() => onAnswer(call.eventId)}
          aria-label={t('Answer {title}', { title: call.title })}
        >
          <PhoneIcon /> {t('Answer')}
        </button>
      )}
    </li>
  );
}

export type HistoryRowProps = {
  row: HistoryRow;
  onReplay: (eventId: string) => void;
  onOpen: (eventId: string) => void;
  onCopy?: (text: string) => Promise<void> | void;
};

export function HistoryCallRow({ row, onReplay, onOpen, onCopy }: HistoryRowProps) {
  const t = useText();
  if (row.withoutWords) return <RowWithoutWords row={row} />;
  return (
    <li className="rb-list-row rb-history-row">
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
          {row.briefFailed && (
            <>
              {' '}
              <span className="rb-pill rb-pill--warn">{t('No brief')}</span>
            </>
          )}
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
  );
}

/** A call declined before this device had its words: what is known, and why there is no more. */
function RowWithoutWords({ row }: { row: HistoryRow }) {
  const t = useText();
  return (
    <li className="rb-list-row rb-history-row">
      <div className="rb-row-main">
        <p className="rb-row-title">{row.title}</p>
        <p className="rb-row-meta">
          {row.agentLabel && `${row.agentLabel} · `}
          <time>{row.callTime}</time> · <span className="rb-pill">{row.statusLabel}</span>
        </p>
        <p className="rb-row-meta">{t('Declined from its notification before this device had its words')}</p>
      </div>
    </li>
  );
}
