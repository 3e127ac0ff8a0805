import { useText } from '../../i18n';
import { CommandText } from '../CommandText';
import { PhoneIcon } from '../icons';

export type Props = {
  /** Why it cannot be used, shown under it; null when it can. */
  reason: string | null;
  onCall: () => void;
};

/** The round green Call button, centred, with the reason it is disabled under it. */
export function CallButton({ reason, onCall }: Props) {
  const t = useText();
  return (
    <div className="rb-dispatch-call">
      <button
        type="button"
        className="rb-call-btn"
        aria-label={t('Call the agent')}
        aria-describedby="rb-call-reason"
        disabled={reason !== null}
        onClick={onCall}
      >
        <PhoneIcon className="rb-icon rb-icon--xl" />
      </button>
      <p id="rb-call-reason" className="rb-call-reason" aria-live="polite">
        {reason === null ? t('Call') : <CommandText text={t(reason)} />}
      </p>
    </div>
  );
}
