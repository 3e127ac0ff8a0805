import { useText } from '../i18n';
import { HistoryCallRow } from './CallRows';
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
            <HistoryCallRow key={row.eventId} row={row} onReplay={onReplay} onOpen={onOpen} onCopy={onCopy} />
          ))}
        </ul>
      )}
    </section>
  );
}
