import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { store } from './app/services';
import { adoptStyleNonce } from './app/style-nonce';
import { desktopBridge } from './desktop/desktop-bridge';
import { loadDesktopToken, type SavedPairingProblem } from './desktop/device-token';
import { endpointBases } from './desktop/endpoint-bases';
import { endpointRouting } from './desktop/host-fetch';
import { registerServiceWorker } from './pwa';
import { loadSettings } from './storage';

/**
 * The desktop app has no service worker (its files are its own, and it rings while hidden by
 * itself); before the first render it loads the device token main keeps (or learns why the saved
 * one could not be read) and tells main which endpoints it may reach, so the session starts
 * paired and its first request gets through.
 */
async function start(): Promise<void> {
  adoptStyleNonce();
  const desktop = desktopBridge();
  let unreadablePairing: SavedPairingProblem | null = null;
  if (desktop) {
    // A load that kept failing is said too (as no answer, not as an unreadable pairing): taking
    // it for "no token" would pair again in silence.
    unreadablePairing = await loadDesktopToken(desktop);
    await endpointRouting
      .configure(endpointBases(loadSettings(store)))
      .catch((error: unknown) => console.error('ringback: the endpoint allow list', error));
  } else {
    void registerServiceWorker();
  }
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App unreadablePairing={unreadablePairing} />
    </StrictMode>,
  );
}

void start();
