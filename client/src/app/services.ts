import { desktopBridge } from '../desktop/desktop-bridge';
import { desktopToken, tokenKeepingStore } from '../desktop/device-token';
import { hostFetch } from '../desktop/host-fetch';
import { createRingtones } from '../ringtone';
import { createSpeechCache, createSpeechService, sharedAudioOutput, TTS_ENGINES } from '../speech';
import { browserKeyVault, browserStore, createE2eKeyStore } from '../storage';

/**
 * The page's long-lived services: one store, one speech cache and service, one audio output. In the
 * desktop app the store keeps the device token out of localStorage (main holds it, encrypted).
 */
export const store = desktopBridge() ? tokenKeepingStore(browserStore(), desktopToken) : browserStore();
/** The end-to-end key: a non-extractable CryptoKey in IndexedDB `ringback-keys` where the page allows. */
export const e2eKeys = createE2eKeyStore({ store, vault: browserKeyVault() });
export const speech = createSpeechService({
  engines: TTS_ENGINES,
  cache: createSpeechCache(),
  fetch: hostFetch,
});
export const audio = sharedAudioOutput();

let toneContext: AudioContext | null = null;

/**
 * The three ringtone slots (incoming call, waiting while a dispatch calls, permission call) with this device's
 * choices, custom tones in IndexedDB `ringback-ringtones`, and the page's one AudioContext for tones.
 */
export const ringtones = createRingtones({
  storage: store,
  context: () => {
    toneContext ??= new AudioContext();
    return toneContext;
  },
});
/**
 * Lets the page make sound, from a user gesture: the speech output, and the ringtones' context
 * (made now if need be, since a context made inside a gesture may start). Refusals are dropped:
 * the next gesture tries again.
 */
export function unlockSound(): void {
  void audio.unlock().catch(() => undefined);
  toneContext ??= new AudioContext();
  if (toneContext.state === 'suspended') void toneContext.resume().catch(() => undefined);
}

/** What a ringing call plays: the permission slot's tone for a permission call, else the incoming slot's. */
export const callRingtone = ringtones.call;
/** The waiting tone while a dispatch is calling (silent when the slot says so). */
export const waitingTone = ringtones.waiting;
