import { useText } from '../i18n';
import { StatusLine } from './StatusLine';
import type { AsyncStatus } from './useAsyncStatus';

export type Props = {
  /** The button's words, in English. */
  label: string;
  /** Kept by the page, so the outcome outlives the row when the form is hidden and shown again. */
  status: AsyncStatus;
  onTest: () => void;
};

/** Tries the settings as typed, without saving them, and says the outcome beside the button. */
export function TestRow({ label, status, onTest }: Props) {
  const t = useText();
  return (
    <div className="rb-form-actions">
      <button type="button" className="rb-btn" onClick={onTest} disabled={status.state === 'pending'}>
        {t(label)}
      </button>
      <StatusLine status={status} pendingText={t('Testing…')} />
    </div>
  );
}
