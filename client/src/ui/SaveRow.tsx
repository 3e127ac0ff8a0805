import { useText } from '../i18n';
import { StatusLine } from './StatusLine';
import type { AsyncStatus } from './useAsyncStatus';

export type Props = {
  /** The button's words, in English. */
  label: string;
  status: AsyncStatus;
  /** While the form cannot be saved yet (a field missing); a pending save disables it too. */
  disabled?: boolean;
};

/** A settings form's submit button, with the save's outcome beside it. */
export function SaveRow({ label, status, disabled = false }: Props) {
  const t = useText();
  return (
    <div className="rb-form-actions">
      <button
        type="submit"
        className="rb-btn rb-btn--primary"
        disabled={status.state === 'pending' || disabled}
      >
        {t(label)}
      </button>
      <StatusLine status={status} pendingText={t('Saving…')} />
    </div>
  );
}
