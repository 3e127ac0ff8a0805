import { useText } from '../i18n';
import type { SavedPairingProblem } from './device-token';
import '../ui/theme.css';

type Translate = (english: string, values?: Record<string, string>) => string;

/**
 * Why the saved pairing could not be read, in the interface language from main's reason code
 * (main's own error text stays in its log): what did not work and what to do.
 */
export function savedPairingProblemText(problem: SavedPairingProblem, t: Translate): string {
  switch (problem) {
    case 'keychain-unavailable':
      return t(
        'The saved pairing on this computer could not be read: the system keychain is not available now (it may still be locked). Unlock it and try again, or pair again.',
      );
    case 'undecryptable':
      return t(
        'The saved pairing on this computer could not be read: the system keychain no longer opens it. Pair again to go on.',
      );
    default:
      return t(
        'The app did not answer when this window asked for the saved pairing. Try again, or pair again.',
      );
  }
}

/** Whether reading the pairing again may help: not for a token the keychain cannot open. */
export const mayReadAgain = (problem: SavedPairingProblem): boolean => problem !== 'undecryptable';

export type PairedAgainNotice = {
  /** No keychain kept the new pairing: it ends when the app quits. */
  inMemoryOnly: boolean;
  /** The pairing replaced one that could not be read, which is still a device of the account. */
  earlierPairingLeft: boolean;
};

/** Said once after pairing again in the desktop app, until dismissed. */
export function SavedPairingNotice({ notice, onDismiss }: { notice: PairedAgainNotice; onDismiss(): void }) {
  const t = useText();
  return (
    <div role="status" className="rb-notice rb-notice--info">
      <span>
        {notice.inMemoryOnly &&
          t('This computer’s keychain is not available: the pairing lasts until the app quits.')}
        {notice.inMemoryOnly && notice.earlierPairingLeft ? ' ' : ''}
        {notice.earlierPairingLeft &&
          t(
            'The earlier pairing of this computer is still on your account: remove it in Settings → Devices.',
          )}
      </span>
      <button type="button" className="rb-btn rb-btn--ghost rb-btn--small" onClick={onDismiss}>
        {t('Dismiss')}
      </button>
    </div>
  );
}
