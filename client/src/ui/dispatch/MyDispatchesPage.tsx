import { useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import { DispatchRowView } from './DispatchRowView';
import type { DispatchRow } from './types';
import '../theme.css';
import '../idle.css';
import './myDispatches.css';

export type Props = {
  /** Newest first, as the daemon lists them. */
  dispatches: DispatchRow[];
  loading: boolean;
  error: string | null;
  onRefresh: () => void;
  /** Cancel a dispatch that is still creating its issue. */
  onCancel: (id: string) => void;
  onBack: () => void;
};

/** Every dispatch from this computer with its issue's current state. */
export function MyDispatchesPage({ dispatches, loading, error, onRefresh, onCancel, onBack }: Props) {
  const t = useText();
  return (
    <main className="rb-page rb-my-dispatches">
      <BackHeader
        title={t('My dispatches')}
        onBack={onBack}
        end={
          <button
            type="button"
            className="rb-btn rb-btn--ghost rb-btn--small"
            onClick={onRefresh}
            disabled={loading}
            aria-label={t('Refresh')}
          >
            {loading && <span className="rb-spinner" aria-hidden="true" />}
            <span aria-hidden="true">{loading ? t('Refreshing') : t('Refresh')}</span>
          </button>
        }
      />
      {error && (
        <p className="rb-notice rb-notice--error" role="alert">
          {error}
        </p>
      )}
      <section className="rb-card" aria-label={t('Dispatches')} aria-busy={loading ? 'true' : undefined}>
        {dispatches.length === 0 ? (
          <p className="rb-empty">
            {loading
              ? t('Loading dispatches…')
              : t('No dispatches yet. Call an agent with the green phone button on the calls page.')}
          </p>
        ) : (
          <ul className="rb-list rb-rows">
            {dispatches.map((row) => (
              <DispatchRowView key={row.id} row={row} onCancel={onCancel} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
