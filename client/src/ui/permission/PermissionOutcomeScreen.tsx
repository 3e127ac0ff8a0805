import { useText } from '../../i18n';
import '../theme.css';
import '../call.css';
import './permission.css';

export type PermissionOutcomeViewProps = {
  callerName: string;
  title: string;
  behavior: 'allow' | 'deny';
  message: string | null;
  delivery:
    | { state: 'sending' }
    | { state: 'delivered'; agent: string }
    | { state: 'tooLate' }
    | { state: 'alreadyDecided' }
    | { state: 'incomplete' }
    | { state: 'unsent'; reason: string }
    | { state: 'failed'; reason: string };
  onRetry: () => void;
  onDone: () => void;
};

/** After the decision: Allowed or Denied, then whether it reached the waiting agent. */
export function PermissionOutcomeScreen(props: PermissionOutcomeViewProps) {
  const t = useText();
  const { delivery } = props;
  const late =
    delivery.state === 'tooLate' || delivery.state === 'alreadyDecided' || delivery.state === 'incomplete';
  const text =
    delivery.state === 'delivered'
      ? t('{agent} got your answer', { agent: delivery.agent })
      : delivery.state === 'tooLate'
        ? t('Too late: answer at the computer')
        : delivery.state === 'alreadyDecided'
          ? t('Another device answered first')
          : delivery.state === 'incomplete'
            ? t('Too long to show in full: answer at the computer')
            : delivery.state === 'unsent'
              ? t('Not sent: {reason}', { reason: delivery.reason })
              : delivery.state === 'failed'
                ? t('The computer could not deliver it: {reason}', { reason: delivery.reason })
                : t('Sending your answer…');
  return (
    <main className="rb-call" aria-labelledby="rb-perm-outcome">
      <div className="rb-perm-screen">
        <div>
          <p className="rb-perm-kicker">{props.title}</p>
          <p className="rb-perm-caller">{props.callerName}</p>
        </div>
        <h1 id="rb-perm-outcome" className={`rb-perm-outcome rb-perm-outcome--${props.behavior}`}>
          {props.behavior === 'allow' ? t('Allowed') : t('Denied')}
        </h1>
        {props.message && <p>{t('Your words: {message}', { message: props.message })}</p>}
        <p className={`rb-perm-delivery${late ? ' rb-perm-delivery--late' : ''}`} role="status">
          {text}
        </p>
        <div className="rb-perm-row">
          {delivery.state === 'unsent' && (
            <button type="button" className="rb-btn rb-btn--call" onClick={props.onRetry}>
              {t('Retry')}
            </button>
          )}
          <button type="button" className="rb-btn rb-btn--primary" onClick={props.onDone}>
            {t('Done')}
          </button>
        </div>
      </div>
    </main>
  );
}
