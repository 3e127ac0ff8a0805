import { type ReactNode, useId } from 'react';
import type { CallGroup } from '../../calls/call-tabs';
import { useText } from '../../i18n';
import { HistoryCallRow, MissedCallRow } from '../CallRows';
import type { HistoryRow, MissedCall } from '../types';
import '../theme.css';
import '../idle.css';
import './groupedCalls.css';

export type GroupedMissedCallListProps = {
  /** From `groupCalls` / `arrangeCalls(...).missedGroups`: by project, Other last. */
  groups: CallGroup<MissedCall>[];
  onAnswer: (eventId: string) => void;
  onAcknowledgeAll: () => void;
};

export type GroupedCallHistoryListProps = {
  /** From `groupCalls` / `arrangeCalls(...).historyGroups`: by project, Other last. */
  groups: CallGroup<HistoryRow>[];
  onReplay: (eventId: string) => void;
  onOpen: (eventId: string) => void;
  onCopy?: (text: string) => Promise<void> | void;
};

/** One project's calls under a heading that is only the project's name (or Other). */
function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="rb-call-group" aria-labelledby={id}>
      <h3 id={id} className="rb-group-title">
        {title}
      </h3>
      <ul className="rb-list rb-rows">{children}</ul>
    </section>
  );
}

/** All's upper list: missed calls grouped by project, each answerable at once. */
export function GroupedMissedCallList({ groups, onAnswer, onAcknowledgeAll }: GroupedMissedCallListProps) {
  const t = useText();
  const id = useId();
  const count = groups.reduce((sum, group) => sum + group.rows.length, 0);
  if (count === 0) return null;
  return (
    <section className="rb-card rb-missed" aria-labelledby={id}>
      <div className="rb-section-head">
        <h2 id={id} className="rb-section-title">
          {t('Missed calls')} <span className="rb-count">{count}</span>
        </h2>
        <button
          type="button"
          className="rb-btn rb-btn--small rb-btn--ghost"
          onClick={() => onAcknowledgeAll()}
        >
          {t('Acknowledge all')}
        </button>
      </div>
      {groups
        .filter((group) => group.rows.length > 0)
        .map((group) => (
          <Group key={group.id} title={group.title}>
            {group.rows.map((call) => (
              <MissedCallRow key={call.eventId} call={call} onAnswer={onAnswer} />
            ))}
          </Group>
        ))}
    </section>
  );
}

/** All's lower list: the local call history grouped by project. */
export function GroupedCallHistoryList({ groups, onReplay, onOpen, onCopy }: GroupedCallHistoryListProps) {
  const t = useText();
  const id = useId();
  const empty = groups.every((group) => group.rows.length === 0);
  return (
    <section className="rb-card" aria-labelledby={id}>
      <h2 id={id} className="rb-section-title">
        {t('Call history')}
      </h2>
      {empty ? (
        <p className="rb-empty">{t('No calls yet. When an agent finishes a turn, it will ring here.')}</p>
      ) : (
        groups
          .filter((group) => group.rows.length > 0)
          .map((group) => (
            <Group key={group.id} title={group.title}>
              {group.rows.map((row) => (
                <HistoryCallRow
                  key={row.eventId}
                  row={row}
                  onReplay={onReplay}
                  onOpen={onOpen}
                  onCopy={onCopy}
                />
              ))}
            </Group>
          ))
      )}
    </section>
  );
}
