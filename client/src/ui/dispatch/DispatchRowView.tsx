import { type Translate, useText } from '../../i18n';
import { firstLine, formatDispatchTime, priorityLabel, statusLabel } from './labels';
import type { DispatchRow } from './types';
import './issues.css';

const STATE_TEXT: Record<DispatchRow['state'], string> = {
  creating: 'Calling…',
  created: 'Dispatched',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export type Props = { row: DispatchRow; onCancel: (id: string) => void };

/** One dispatch: the issue once it exists (else the user's words), its state and details. */
export function DispatchRowView({ row, onCancel }: Props) {
  const t = useText();
  const hasIssue = row.state === 'created' && Boolean(row.identifier || row.title);
  const heading = hasIssue
    ? [row.identifier, row.title].filter(Boolean).join(' ')
    : firstLine(row.prompt) || imagesText(row.images, t) || t('Dispatch');
  const priority = priorityLabel(row.priority);
  const who =
    row.kind === 'comment'
      ? row.agentName
        ? t('Comment for {name}', { name: row.agentName })
        : t('Comment')
      : row.agentName;
  return (
    <li className={`rb-list-row rb-dispatch-row rb-dispatch-row--${row.state}`}>
      <div className="rb-row-main">
        <p className="rb-row-title">
          {hasIssue && row.identifier && <span className="rb-issue-id">{row.identifier}</span>}{' '}
          {hasIssue ? row.title : heading}
        </p>
        <p className="rb-row-meta rb-dispatch-meta">
          <span className={`rb-badge rb-badge--${row.state}`}>
            {row.state === 'creating' && <span className="rb-spinner rb-badge-spinner" aria-hidden="true" />}
            {t(STATE_TEXT[row.state])}
          </span>
          {row.status && <span className="rb-pill">{statusLabel(row.status)}</span>}
          {priority && <span className={`rb-pill rb-priority--${row.priority}`}>{t(priority)}</span>}
        </p>
        <p className="rb-row-meta">
          {[who, formatDispatchTime(row.createdAt), imagesText(row.images, t)].filter(Boolean).join(' · ')}
        </p>
        {row.state === 'failed' && row.failureReason && (
          <p className="rb-row-meta rb-row-meta--error">{row.failureReason}</p>
        )}
      </div>
      {row.state === 'creating' && (
        <div className="rb-row-actions">
          <button
            type="button"
            className="rb-btn rb-btn--small"
            aria-label={t('Cancel {name}', { name: heading })}
            onClick={() => onCancel(row.id)}
          >
            {t('Cancel')}
          </button>
        </div>
      )}
    </li>
  );
}

function imagesText(count: number, t: Translate): string {
  if (count <= 0) return '';
  return t(count === 1 ? '{count} image' : '{count} images', { count });
}
