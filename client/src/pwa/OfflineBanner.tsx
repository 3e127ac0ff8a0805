import { type InterfaceLanguageCode, InterfaceLanguageProvider, useText } from '../i18n';
import type { Connectivity } from './connectivity';
import { useConnectivity } from './use-connectivity';
import './offline-banner.css';

interface Props {
  /** The paired relay's address; '' before pairing: the page's own origin (the relay that served it). */
  relayUrl: string;
  language: InterfaceLanguageCode;
}

/**
 * A strip at the top of every page while the app cannot reach its relay, saying so plainly.
 * Mounted first, above the page, by App.
 */
export function OfflineBanner({ relayUrl, language }: Props) {
  const address = relayUrl || window.location.origin;
  const state = useConnectivity(address);
  return (
    <InterfaceLanguageProvider language={language}>
      <OfflineNotice state={state} relayUrl={address} />
    </InterfaceLanguageProvider>
  );
}

/** The strip itself, for a given state (nothing while online). */
export function OfflineNotice({ state, relayUrl }: { state: Connectivity; relayUrl: string }) {
  const t = useText();
  if (state === 'online') return null;
  return (
    <div className="rb-offline-banner" role="status">
      <OfflineIcon />
      <span>
        {state === 'offline'
          ? t('You are offline. Calls will come in again when this device is back online.')
          : t('Cannot reach the relay at {host}. Calls will come in again when it answers.', {
              host: hostOf(relayUrl),
            })}
      </span>
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A cloud struck through: decorative, the sentence beside it says it all. */
function OfflineIcon() {
  return (
    <svg className="rb-offline-banner__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 18h10.5a4 4 0 0 0 .6-7.95A6 6 0 0 0 7.1 8.1 5 5 0 0 0 7 18zM3 3l18 18"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
