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
  const hasIssue = row.state === 'created' && Boolean(row.identifier || row.title);
  const heading = hasIssue
    ? [row.identifier, row.title].filter(Boolean).join(' ')
    : firstLine(row.prompt) || imagesText(row.images) || 'Dispatch';
  const priority = priorityLabel(row.priority);
  const who =
    row.kind === 'comment' ? (row.agentName ? `Comment for ${row.agentName}` : 'Comment') : row.agentName;
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
            {STATE_TEXT[row.state]}
          </span>
          {row.status && <span className="rb-pill">{statusLabel(row.status)}</span>}
          {priority && <span className={`rb-pill rb-priority--${row.priority}`}>{priority}</span>}
        </p>
        <p className="rb-row-meta">
          {[who, formatDispatchTime(row.createdAt), imagesText(row.images)].filter(Boolean).join(' · ')}
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
            aria-label={`Cancel ${heading}`}
            onClick={() => onCancel(row.id)}
          >
            Cancel
          </button>
        </div>
      )}
    </li>
  );
}

function imagesText(count: number): string {
  if (count <= 0) return '';
  return count === 1 ? '1 image' : `${count} images`;
}
