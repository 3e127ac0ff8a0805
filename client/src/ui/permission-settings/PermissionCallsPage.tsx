import type { AwayMode, PermissionCallSettings, PermissionCallSettingsUpdate } from '@ringback/protocol';
import { useId, useState } from 'react';
import { useText } from '../../i18n';
import { BackHeader } from '../BackHeader';
import { errorText } from '../useAsyncStatus';
import { SwitchRow } from './SwitchRow';
import '../theme.css';
import '../settings.css';
import '../choices.css';
import '../modes/modes.css';
import './permission-settings.css';

export type Props = {
  /** What the computer has set, and its presence in one sentence; null until it answers. */
  current: { settings: PermissionCallSettings; presence: string } | null;
  /** Why the computer could not be read, in words. */
  loadError: string | null;
  /** Saves one change on the computer at once; rejects with the reason in words. */
  onChange: (update: PermissionCallSettingsUpdate) => Promise<void>;
  /** "{count} minutes" and the like, for the wait and the idle time. */
  duration: (seconds: number) => string;
  onBack: () => void;
};

const WAITS = [60, 120, 300, 600, 900, 1800, 3600];
const IDLES = [30, 60, 120, 300, 600, 900, 1800];
const AGENTS = [
  { id: 'claude-code', name: 'Claude Code' },
  { id: 'codex', name: 'Codex' },
] as const;
const AWAY_CHOICES: { value: AwayMode; label: string; detail: string }[] = [
  { value: 'auto', label: 'Automatic', detail: 'By how long this computer has been idle' },
  { value: 'on', label: 'Away', detail: 'Permission requests ring here' },
  { value: 'off', label: 'At the computer', detail: 'The agent asks at the computer' },
];

/**
 * Permission calls, as the computer holds them: on or off, per agent, how long the agent waits
 * for the phone, and whether the user counts as away from the computer (only then does a request
 * ring), with what the computer knows of that now. Each control saves on its own, at once.
 */
export function PermissionCallsPage({ current, loadError, onChange, duration, onBack }: Props) {
  const t = useText();
  const id = useId();
  const [status, setStatus] = useState<{ kind: 'saving' | 'saved' | 'error'; text: string } | null>(null);
  const change = async (update: PermissionCallSettingsUpdate) => {
    setStatus({ kind: 'saving', text: t('Saving…') });
    try {
      await onChange(update);
      setStatus({ kind: 'saved', text: t('Saved.') });
    } catch (caught) {
      setStatus({ kind: 'error', text: errorText(caught) });
    }
  };
  const busy = status?.kind === 'saving';
  const settings = current?.settings;
  const options = (values: number[], chosen: number) =>
    [...new Set([...values, chosen])].sort((a, b) => a - b);

  return (
    <main className="rb-page rb-permission-settings">
      <BackHeader title={t('Permission calls')} onBack={onBack} />
      {!settings ? (
        <p
          className={loadError ? 'rb-notice rb-notice--error' : 'rb-hint'}
          role={loadError ? 'alert' : 'status'}
        >
          {loadError ?? t('Asking your computer…')}
        </p>
      ) : (
        <>
          <section className="rb-card">
            <SwitchRow
              label={t('Ring for permission requests')}
              checked={settings.enabled}
              disabled={busy}
              onToggle={(enabled) => void change({ enabled })}
            />
            <p className="rb-hint rb-permission-why">
              {t(
                'When an agent waits for your permission while you are away from the computer, this phone rings: allow or deny from here.',
              )}
            </p>
            {AGENTS.map((agent) => (
              <SwitchRow
                key={agent.id}
                label={agent.name}
                checked={settings.enabled && settings.agents[agent.id]}
                disabled={busy || !settings.enabled}
                onToggle={(on) => void change({ agents: { [agent.id]: on } })}
              />
            ))}
            <div className="rb-field rb-permission-field">
              <label htmlFor={`${id}-wait-select`} className="rb-label">
                {t('How long the agent waits for you')}
              </label>
              <select
                id={`${id}-wait-select`}
                className="rb-select"
                value={settings.waitSeconds}
                disabled={busy || !settings.enabled}
                aria-describedby={`${id}-wait`}
                onChange={(event) => void change({ waitSeconds: Number(event.target.value) })}
              >
                {options(WAITS, settings.waitSeconds).map((seconds) => (
                  <option key={seconds} value={seconds}>
                    {duration(seconds)}
                  </option>
                ))}
              </select>
              <span id={`${id}-wait`} className="rb-hint">
                {t('Then the agent shows its own prompt at the computer.')}
              </span>
            </div>
          </section>

          <section className="rb-permission-away" aria-labelledby={`${id}-away`}>
            <h2 id={`${id}-away`} className="rb-section-title">
              {t('Away from this computer')}
            </h2>
            <p className="rb-card rb-permission-presence" role="status">
              {current.presence}
            </p>
            <div className="rb-card rb-choices" role="radiogroup" aria-label={t('Away from this computer')}>
              {AWAY_CHOICES.map((choice) => (
                <label key={choice.value} className="rb-choice">
                  <input
                    type="radio"
                    name={`${id}-away-mode`}
                    value={choice.value}
                    checked={settings.away === choice.value}
                    disabled={busy}
                    onChange={() => void change({ away: choice.value })}
                  />
                  <span className="rb-choice-label">{t(choice.label)}</span>
                  <span className="rb-choice-detail">{t(choice.detail)}</span>
                </label>
              ))}
            </div>
            {settings.away === 'auto' && (
              <div className="rb-card rb-field rb-permission-field">
                <label htmlFor={`${id}-idle-select`} className="rb-label">
                  {t('Away after no input for')}
                </label>
                <select
                  id={`${id}-idle-select`}
                  className="rb-select"
                  value={settings.idleSeconds}
                  disabled={busy}
                  onChange={(event) => void change({ idleSeconds: Number(event.target.value) })}
                >
                  {options(IDLES, settings.idleSeconds).map((seconds) => (
                    <option key={seconds} value={seconds}>
                      {duration(seconds)}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </section>
          <p
            className={
              status?.kind === 'error' ? 'rb-error' : status?.kind === 'saved' ? 'rb-success' : 'rb-hint'
            }
            role={status?.kind === 'error' ? 'alert' : 'status'}
          >
            {status?.text ?? ''}
          </p>
        </>
      )}
    </main>
  );
}
