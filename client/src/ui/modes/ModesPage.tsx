import type { Mode } from '@ringback/machines';
import { useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import { modeSummary } from './modeSummary';
import '../theme.css';
import '../settings.css';
import './modes.css';

export type Props = {
  modes: Mode[];
  /** "Calls ring now" or "Silent until Tue 08:00", from the schedule. */
  verdict: string;
  /** Why the last switch could not be turned on (the modes' days overlap); null when none. */
  refusal: string | null;
  onToggle: (id: string, on: boolean) => void;
  onEdit: (id: string) => void;
  onAdd: () => void;
  onBack: () => void;
};

/** Ring schedules: each mode with its switch; the day's mode decides when calls ring. */
export function ModesPage({ modes, verdict, refusal, onToggle, onEdit, onAdd, onBack }: Props) {
  const t = useText();
  return (
    <main className="rb-page">
      <BackHeader title={t('Ring schedules')} onBack={onBack} />
      <p className="rb-hint">
        {t(
          'Each day follows the mode that is on for it; a day with no mode rings at any time. Calls that arrive while silent wait as missed calls.',
        )}
      </p>
      <p className="rb-modes-verdict" role="status">
        {verdict}
      </p>
      {refusal && (
        <p className="rb-notice rb-notice--error" role="alert">
          {refusal}
        </p>
      )}
      <ul className="rb-list rb-settings-rows rb-modes" aria-label={t('Modes')}>
        {modes.map((mode) => (
          <li key={mode.id} className="rb-mode-row">
            <button
              type="button"
              className="rb-mode-open"
              aria-label={t('Edit {name}', { name: mode.name })}
              onClick={() => onEdit(mode.id)}
            >
              <span className="rb-mode-name">{mode.name}</span>
              <span className="rb-mode-summary">{modeSummary(mode, t)}</span>
            </button>
            <button
              type="button"
              role="switch"
              aria-checked={mode.on}
              aria-label={mode.name}
              className="rb-switch"
              onClick={() => onToggle(mode.id, !mode.on)}
            >
              <span className="rb-switch-knob" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <div className="rb-form-actions">
        <button type="button" className="rb-btn" onClick={onAdd}>
          {t('Add a mode')}
        </button>
      </div>
    </main>
  );
}
