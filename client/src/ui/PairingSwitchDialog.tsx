import { type Translate, useText } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';
import './theme.css';
import './pairingSwitch.css';

/** A pairing link that would move this paired device to another relay or key. */
export type PairingSwitchOffer = {
  /** The relay the link names. */
  server: string;
  /** The name this device would join under. */
  deviceName: string;
  /** The relay this device is paired with now. */
  currentServer: string;
};

export type Props = {
  offer: PairingSwitchOffer | null;
  /** Why the confirmed switch failed; the old pairing is still in use. */
  error?: string;
  onConfirm: () => void;
  /** The dialog closed: after Cancel, Esc, or (following onConfirm) the confirmation. */
  onClose: () => void;
  onDismissError: () => void;
};

function describe(offer: PairingSwitchOffer, t: Translate): string {
  const values = { server: offer.server, device: offer.deviceName, current: offer.currentServer };
  // Same relay, another key: the account may differ, and the key decides who can read the calls.
  return offer.server === offer.currentServer
    ? t(
        'A pairing link asks to join {server} again as “{device}”, with a different end-to-end key. Calls and your replies would then go to the account that made the link. Switch only if you made this link yourself.',
        values,
      )
    : t(
        'A pairing link asks to join the server {server} as “{device}”. Calls and your replies would then go to that account, not to {current}. Switch only if you made this link yourself.',
        values,
      );
}

/**
 * Asks before a pairing link re-pairs a paired device: one crafted link would otherwise send its
 * calls, and the replies typed on it, to whoever runs the link's relay.
 */
export function PairingSwitchDialog({ offer, error, onConfirm, onClose, onDismissError }: Props) {
  const t = useText();
  return (
    <>
      <ConfirmDialog
        open={offer !== null}
        title={t('Switch this device to another account?')}
        description={offer ? describe(offer, t) : ''}
        confirmLabel={t('Switch account')}
        onConfirm={onConfirm}
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
      />
      {error && (
        <div className="rb-notice rb-notice--error rb-pairing-switch-error" role="alert">
          <span>{error}</span>
          <button type="button" className="rb-btn rb-btn--small" onClick={onDismissError}>
            {t('Dismiss')}
          </button>
        </div>
      )}
    </>
  );
}
