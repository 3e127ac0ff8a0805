import { keyIdOf, type SealingKey } from '@ringback/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DesktopJoin } from '../desktop/DesktopJoin';
import { desktopBridge } from '../desktop/desktop-bridge';
import { desktopToken, type SavedPairingProblem } from '../desktop/device-token';
import {
  mayReadAgain,
  type PairedAgainNotice,
  SavedPairingNotice,
  savedPairingProblemText,
} from '../desktop/SavedPairingNotice';
import { InterfaceLanguageProvider, translatorFor } from '../i18n';
import { leaveAccountPush, registeredPushManager } from '../push';
import { OfflineBanner, useDeviceRecord } from '../pwa';
import {
  createRelayClient,
  type PairLink,
  PairLinkError,
  pairFromLocationHash,
  parsePairLink,
} from '../relay';
import {
  forgetCallWork,
  forgetPairing,
  hasE2eKey,
  type LocalSettings,
  loadSettings,
  updateSettings,
} from '../storage';
import { PairingSwitchDialog, WelcomePage } from '../ui';
import { guessDeviceName } from './device-name';
import { type PairedSettings, pairWithCode, pairWithLink } from './pairing';
import { interfaceLanguageOf, SessionRoot } from './SessionRoot';
import { e2eKeys, store } from './services';

const isPaired = (settings: LocalSettings) =>
  Boolean(settings.serverAddress && settings.deviceToken && hasE2eKey(settings));

export type AppProps = {
  /**
   * Desktop app: why the pairing saved on this computer could not be read (main's token vault
   * could not open it, or main did not answer). Said on the join page, which then reads it again
   * or pairs again only when asked.
   */
  unreadablePairing?: SavedPairingProblem | null;
};

/** Pairs this browser (by the `#pair=` URL, a pasted link, a QR code or a code + passphrase), then runs the session. */
export function App({ unreadablePairing = null }: AppProps = {}) {
  const [settings, setSettings] = useState(() => loadSettings(store));
  const [pairing, setPairing] = useState<{ busy: boolean; error?: string }>(() =>
    unreadablePairing ? { busy: false, error: unreadablePairingText(unreadablePairing) } : { busy: false },
  );
  // The saved pairing main could not read, until it reads or the user pairs again; and what the
  // page says once paired again (the pairing kept only in memory, the earlier one left behind).
  const [problem, setProblem] = useState(unreadablePairing);
  const problemRef = useRef(problem);
  problemRef.current = problem;
  const [pairedNotice, setPairedNotice] = useState<PairedAgainNotice | null>(null);
  // The key is read from IndexedDB (moved there from an older version's settings first), so the
  // session starts once it is known: a call that arrived before would not open.
  const [e2eKey, setE2eKey] = useState<{ loaded: boolean; key: SealingKey | null }>({
    loaded: false,
    key: null,
  });
  // A link that would move this paired device elsewhere waits here until the user confirms it.
  const [offered, setOffered] = useState<{ link: PairLink; deviceName: string } | null>(null);
  const handledHash = useRef(false);
  const desktop = desktopBridge();
  // The service worker's record holds the token; the desktop app has no worker, so keeps none.
  useDeviceRecord(desktop ? { ...settings, deviceToken: null } : settings);

  const update = useCallback((patch: Partial<LocalSettings>) => {
    setSettings(updateSettings(store, patch).settings);
  }, []);

  useEffect(() => {
    let live = true;
    void e2eKeys.load().then((key) => {
      if (!live) return;
      setE2eKey({ loaded: true, key });
      setSettings(loadSettings(store));
    });
    return () => {
      live = false;
    };
  }, []);

  /** A new key (pairing, a passphrase): held as safely as the page allows, then in effect. */
  const replaceKey = useCallback(async (text: string) => {
    const key = await e2eKeys.replace(text);
    setE2eKey({ loaded: true, key });
    setSettings(loadSettings(store));
  }, []);

  const pair = useCallback(
    async (join: (deviceName: string) => Promise<PairedSettings>) => {
      setPairing({ busy: true });
      try {
        const before = loadSettings(store);
        const { e2eKey: key, ...paired } = await join(guessDeviceName(navigator.userAgent));
        // Paired before: this browser's push subscription was that pairing's. It ends before the new
        // session starts, which then subscribes afresh (a new endpoint) for the new account.
        if (!desktopBridge() && isPaired(before) && before.deviceToken)
          await leaveAccountPush({
            relay: createRelayClient({ server: before.serverAddress, token: before.deviceToken }),
            pushManager: () => registeredPushManager(),
          });
        // The old device's calls in flight are not this one's to answer or write.
        if (isPaired(before)) forgetCallWork(store);
        await replaceKey(key);
        const notice = await keepDesktopToken(paired.deviceToken, problemRef.current !== null);
        update(paired);
        setProblem(null);
        setPairedNotice(notice);
        setPairing({ busy: false });
      } catch (error) {
        setPairing({ busy: false, error: pairingErrorText(error) });
      }
    },
    [update, replaceKey],
  );

  // The fragment never reaches a server; it holds the key, so it leaves the address bar at once.
  // Read at start and whenever it changes (a pairing URL opened in a tab that already shows the app).
  useEffect(() => {
    const joinFromHash = () => {
      let link: ReturnType<typeof pairFromLocationHash> = null;
      try {
        link = pairFromLocationHash(window.location.hash);
      } catch (error) {
        setPairing({ busy: false, error: pairingErrorText(error) });
      }
      if (window.location.hash)
        history.replaceState(null, '', window.location.pathname + window.location.search);
      const current = loadSettings(store);
      if (!link) return;
      if (!isPaired(current)) {
        void pair((name) => pairWithLink(link, name));
        return;
      }
      const offer = { link, deviceName: guessDeviceName(navigator.userAgent) };
      // Keys are compared by keyId: this page may hold its key only as a CryptoKey it cannot read.
      void Promise.all([e2eKeys.load(), keyIdOf(link.key)]).then(([held, offeredKeyId]) => {
        if (current.serverAddress === link.server && held?.keyId === offeredKeyId) return;
        // Re-pairing at once would let one crafted link send this device's calls and replies to
        // another relay: a paired device asks first and keeps its pairing unless the user confirms.
        setOffered(offer);
      });
    };
    if (!handledHash.current) {
      handledHash.current = true;
      joinFromHash();
    }
    window.addEventListener('hashchange', joinFromHash);
    return () => window.removeEventListener('hashchange', joinFromHash);
  }, [pair]);

  // The relay answered 401: this device was removed from the account. Say so, or the welcome
  // page would appear with no reason given.
  const signOut = useCallback(() => {
    // The relay no longer knows this device (so is not asked); the browser's subscription ends,
    // and the next pairing subscribes afresh.
    if (!desktopBridge()) void leaveAccountPush({ relay: null, pushManager: () => registeredPushManager() });
    const forgotten = forgetPairing(store);
    setSettings(forgotten);
    setPairing({
      busy: false,
      error: translatorFor(interfaceLanguageOf(forgotten))(
        'This device is no longer on your account (it was removed). Join again to get calls here.',
      ),
    });
  }, []);

  /** Reads the saved pairing again (the keychain may be unlocked now) and goes on with it. */
  const readAgain = useCallback(async (): Promise<'restored' | 'none' | 'unreadable'> => {
    const bridge = desktopBridge();
    if (!bridge) return 'none';
    const loaded = await bridge.deviceToken
      .load()
      .catch((error: unknown): { ok: false; reason: SavedPairingProblem } => {
        console.warn('ringback: the device token could not be loaded', error);
        return { ok: false, reason: 'no-answer' };
      });
    if (!loaded.ok) {
      setProblem(loaded.reason);
      setPairing({ busy: false, error: unreadablePairingText(loaded.reason) });
      return 'unreadable';
    }
    setProblem(null);
    setPairing({ busy: false });
    if (loaded.token === null) return 'none';
    // Held first, so the store hands main nothing to save again.
    desktopToken.load(loaded.token);
    update({ deviceToken: loaded.token });
    return 'restored';
  }, [update]);

  if (!isPaired(settings) && desktop) {
    return (
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <DesktopJoin
          bridge={desktop}
          joining={pairing.busy}
          {...(pairing.error ? { error: pairing.error } : {})}
          onDismissError={() => setPairing({ busy: false })}
          {...(problem && mayReadAgain(problem) && pairing.error ? { onReadAgain: readAgain } : {})}
          onOffer={(offer) =>
            void pair((name) =>
              pairWithLink({ server: offer.serverUrl, code: offer.code, key: offer.key }, name),
            )
          }
        />
      </InterfaceLanguageProvider>
    );
  }
  if (!isPaired(settings)) {
    return (
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <OfflineBanner relayUrl={settings.serverAddress} language={interfaceLanguageOf(settings)} />
        <WelcomePage
          busy={pairing.busy}
          {...(pairing.error ? { error: pairing.error } : {})}
          defaultServer={window.location.origin}
          onPairLink={(text) => {
            try {
              const link = parsePairLink(text);
              void pair((name) => pairWithLink(link, name));
            } catch (error) {
              setPairing({ busy: false, error: pairingErrorText(error) });
            }
          }}
          onPairCode={(values) => void pair((name) => pairWithCode(values, name))}
        />
      </InterfaceLanguageProvider>
    );
  }
  if (!e2eKey.loaded) return null;
  return (
    <>
      <OfflineBanner relayUrl={settings.serverAddress} language={interfaceLanguageOf(settings)} />
      {pairedNotice && (
        <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
          <SavedPairingNotice notice={pairedNotice} onDismiss={() => setPairedNotice(null)} />
        </InterfaceLanguageProvider>
      )}
      <SessionRoot
        settings={settings}
        e2eKey={e2eKey.key}
        onE2eKeyChange={replaceKey}
        onSettingsChange={update}
        onSignedOut={signOut}
      />
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <PairingSwitchDialog
          offer={
            offered && {
              server: offered.link.server,
              deviceName: offered.deviceName,
              currentServer: settings.serverAddress,
            }
          }
          {...(pairing.error ? { error: pairing.error } : {})}
          onConfirm={() => {
            if (offered) void pair((name) => pairWithLink(offered.link, name));
          }}
          onClose={() => setOffered(null)}
          onDismissError={() => setPairing({ busy: false })}
        />
      </InterfaceLanguageProvider>
    </>
  );
}

function unreadablePairingText(problem: SavedPairingProblem): string {
  return savedPairingProblemText(problem, translatorFor(interfaceLanguageOf(loadSettings(store))));
}

/**
 * Desktop app: hands a new pairing's token to main before the settings take it, to learn where it
 * is kept; what the page then says (null: nothing). `replacedUnreadable`: this pairing replaced a
 * saved one that could not be read, which is still a device of the account.
 */
async function keepDesktopToken(
  token: string | null,
  replacedUnreadable: boolean,
): Promise<PairedAgainNotice | null> {
  const bridge = desktopBridge();
  if (!bridge || token === null) return null;
  let inMemoryOnly = false;
  try {
    inMemoryOnly = (await bridge.deviceToken.save(token)).kept === 'memory';
    // Held already: the store's save of the same token is skipped.
    desktopToken.load(token);
  } catch (error) {
    // The store hands it to main again with the settings.
    console.warn('ringback: the device token was not kept', error);
  }
  return inMemoryOnly || replacedUnreadable ? { inMemoryOnly, earlierPairingLeft: replacedUnreadable } : null;
}

function pairingErrorText(error: unknown): string {
  if (error instanceof PairLinkError) return error.message;
  const message = (error as Error).message ?? String(error);
  const t = translatorFor(interfaceLanguageOf(loadSettings(store)));
  return t('Could not join: {message}', { message });
}
