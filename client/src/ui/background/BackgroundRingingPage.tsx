import { useId } from 'react';
import { useText } from '../../i18n';
import { type BackgroundSupport, canTurnOn } from '../../push';
import { BackHeader } from '../BackHeader';
import { BackgroundGuidance } from './BackgroundGuidance';
import '../theme.css';
import '../settings.css';
import '../modes/modes.css';
import './background.css';

export type Props = {
  support: BackgroundSupport;
  /** Turning on or off is under way. */
  busy: boolean;
  /** Why the last change failed, in words; null when it did not. */
  error: string | null;
  /** Called inside the tap: turning on asks for notification permission from it. */
  onToggle: (on: boolean) => void;
  onRetry: () => void;
  onBack: () => void;
};

/**
 * Background ringing: one switch, one sentence on why, and plainly what stands in the way when
 * something does (an http address, iOS without the Home Screen app, blocked notifications, a relay
 * that sends no pushes).
 */
export function BackgroundRingingPage({ support, busy, error, onToggle, onRetry, onBack }: Props) {
  const t = useText();
  const id = useId();
  const on = support.kind === 'on';
  // Off can always be chosen once on; on only when nothing stands in the way.
  const enabled = !busy && (on || canTurnOn(support));
  const status = statusText(support, busy, t);
  return (
    <main className="rb-page">
      <BackHeader title={t('Background ringing')} onBack={onBack} />
      <section className="rb-card">
        <div className="rb-background-row">
          <label htmlFor={`${id}-switch`} className="rb-background-label">
            {t('Ring when Ringback is closed')}
          </label>
          <button
            id={`${id}-switch`}
            type="button"
            role="switch"
            aria-checked={on}
            aria-describedby={`${id}-why`}
            className="rb-switch"
            disabled={!enabled}
            onClick={() => onToggle(!on)}
          >
            <span className="rb-switch-knob" aria-hidden="true" />
          </button>
        </div>
        <p id={`${id}-why`} className="rb-hint rb-background-why">
          {t(
            'Calls ring on this device even when Ringback is closed or the phone is locked. The push that wakes it carries nothing of the call: the call is fetched and decrypted here.',
          )}
        </p>
        {/* Always there (empty takes no room), so a screen reader hears what a tap changed. */}
        <p className={error ? 'rb-error' : on ? 'rb-success' : 'rb-hint'} role={error ? 'alert' : 'status'}>
          {error ?? status}
        </p>
      </section>
      <BackgroundGuidance support={support} onRetry={onRetry} />
    </main>
  );
}

function statusText(support: BackgroundSupport, busy: boolean, t: (english: string) => string): string {
  if (busy) return t('Working…');
  switch (support.kind) {
    case 'on':
      return t('On: calls ring here with Ringback closed.');
    case 'ask':
      return t('Turning this on asks to show notifications: allow them, so calls can ring.');
    case 'checking':
      return t('Checking with the relay…');
    case 'heldUnknown':
      return t("Can't reach the relay to check");
    default:
      return '';
  }
}
