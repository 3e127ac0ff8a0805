import { formatCallTime } from '../../format/call-time';
import { type Translate, useText } from '../../i18n';
import type { Workspace, WorkspaceStatus } from './types';
import '../theme.css';
import '../idle.css';
import './tracker.css';

export type Props = { watched: Workspace[]; statuses: WorkspaceStatus[] };

/** A watched workspace's live connection in words; an error is shown as the daemon gave it. */
export function connectionText(
  status: WorkspaceStatus | undefined,
  t: Translate = (english) => english,
): string {
  if (!status) return t('No status yet');
  switch (status.state) {
    case 'connected':
      return t('Connected');
    case 'connecting':
      return t('Connecting…');
    default:
      return status.error ? `${t('Disconnected:')} ${status.error}` : t('Disconnected');
  }
}

/** The watched workspaces, each with how its realtime connection is doing. */
export function WatchedWorkspaces({ watched, statuses }: Props) {
  const t = useText();
  if (watched.length === 0) return <p className="rb-empty">{t('No workspaces are watched.')}</p>;
  return (
    <ul className="rb-list rb-rows" aria-label={t('Watched workspaces')}>
      {watched.map((workspace) => {
        const status = statuses.find((s) => s.workspaceId === workspace.id);
        const since = status ? formatCallTime(status.since) : '';
        return (
          <li key={workspace.id} className="rb-list-row rb-ws-row">
            <div className="rb-row-main">
              <p className="rb-row-title">
                {workspace.name}
                {workspace.issuePrefix && (
                  <span className="rb-ws-prefix">
                    <span className="rb-visually-hidden">{t(', issues ')}</span>
                    {workspace.issuePrefix}
                  </span>
                )}
              </p>
              <p
                className={`rb-row-meta rb-ws-state rb-ws-state--${status?.state ?? 'unknown'}`}
                title={since ? t('Since {time}', { time: since }) : undefined}
              >
                <span className="rb-dot" aria-hidden="true" />
                {connectionText(status, t)}
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
