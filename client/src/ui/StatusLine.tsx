import { useText } from '../i18n';
import type { AsyncStatus } from './useAsyncStatus';

export type Props = { status: AsyncStatus; pendingText?: string };

/** The live outcome line under a form: pending text, success or the error in words. */
export function StatusLine({ status, pendingText }: Props) {
  const t = useText();
  return (
    <p
      className={status.state === 'error' ? 'rb-error' : status.state === 'ok' ? 'rb-success' : 'rb-hint'}
      role={status.state === 'error' ? 'alert' : 'status'}
    >
      {status.state === 'pending' ? (pendingText ?? t('Working…')) : t(status.message ?? '')}
    </p>
  );
}
