import type { SealingKey } from '@ringback/protocol';
import { useEffect, useRef, useState } from 'react';
import { DesktopEffects } from '../desktop/DesktopEffects';
import { desktopBridge } from '../desktop/desktop-bridge';
import { InterfaceLanguageProvider, resolveInterfaceLanguage } from '../i18n';
import {
  browserPushManager,
  createPushSubscriber,
  type PushSubscriber,
  storedRefusedEndpoints,
} from '../push';
import { updateGate } from '../pwa/update-gate';
import { createRelayClient, type RelayClient } from '../relay';
import { warmUpOnDeviceVoice } from '../speech';
import type { LocalSettings } from '../storage';
import { browserWorkerDeclines } from '../storage/worker-declines';
import { OpenElsewherePage } from '../ui';
import { createAnswerInbox } from './answers/answer-inbox';
import { listenForAnswerRequests } from './answers/answer-requests';
import { BriefLanguageSync } from './BriefLanguageSync';
import { briefLanguageOf } from './brief-language';
import { ComputerDefaultsEffect } from './ComputerDefaultsEffect';
import { ComputerLinkEffect } from './ComputerLinkEffect';
import { DeviceEffects } from './device/DeviceEffects';
import { InterfaceLanguageEffect } from './InterfaceLanguageEffect';
import { RingScheduleDriver } from './RingScheduleDriver';
import { Screens } from './Screens';
import { audio, callRingtone, speech, store } from './services';
import { createSessionRelay } from './session/create-session-relay';
import { listenForPageReturns } from './session/page-returns';
import { RingbackSession } from './session/ringback-session';
import { SessionContext } from './session-context';
import { useTabLock } from './use-tab-lock';
import { VoiceInputProvider } from './VoiceInputProvider';
import { listenForWorkerDeclines } from './worker-declines-wake';

interface Props {
  settings: LocalSettings;
  /** The end-to-end key in effect (null: this device has none it can use). */
  e2eKey: SealingKey | null;
  /** Makes `k1_` text this device's key (a passphrase on the key page). */
  onE2eKeyChange(text: string): Promise<void>;
  onSettingsChange(patch: Partial<LocalSettings>): void;
  onSignedOut(): void;
}

/**
 * One live session per paired relay and token, in one tab of the browser at a time (the others
 * offer to take it over); settings changes reach it without a restart.
 */
export function SessionRoot({ settings, e2eKey, onE2eKeyChange, onSettingsChange, onSignedOut }: Props) {
  const latest = useRef(settings);
  latest.current = settings;
  const latestKey = useRef(e2eKey);
  latestKey.current = e2eKey;
  const signedOut = useRef(onSignedOut);
  signedOut.current = onSignedOut;
  const [live, setLive] = useState<{
    session: RingbackSession;
    client: RelayClient;
    push: PushSubscriber;
  } | null>(null);
  const { serverAddress, deviceToken } = settings;
  const lock = useTabLock(`ringback.session.${settings.deviceId ?? 'this-device'}`);
  const holding = lock.state === 'holding';
  // Calls chosen from a notification (the address this page opened with, the service worker's
  // messages), kept until a session here can answer them.
  const [answers] = useState(createAnswerInbox);
  const takeOver = useRef(lock.takeOver);
  takeOver.current = lock.takeOver;

  useEffect(
    () =>
      listenForAnswerRequests(
        { location: window.location, history: window.history, serviceWorker: navigator.serviceWorker },
        answers.put,
      ),
    [answers],
  );
  // The desktop app's own notification clicked: main showed the window, the call is answered here.
  useEffect(() => desktopBridge()?.calls.onShow((eventId) => answers.put(eventId)), [answers]);
  // A notification tapped to answer here: this tab takes the session if another tab has it.
  useEffect(() => {
    if (lock.state !== 'elsewhere') return;
    return answers.onKept(() => takeOver.current());
  }, [answers, lock.state]);
  useEffect(() => {
    if (!live) return;
    return answers.deliverTo((eventId) => live.session.answerOnArrival(eventId));
  }, [answers, live]);
  // Calls declined from their notification while this page runs go into its history now.
  useEffect(() => {
    if (!live) return;
    return listenForWorkerDeclines(
      { serviceWorker: navigator.serviceWorker, window, document },
      (told) => void live.session.takeWorkerDeclines(told),
    );
  }, [live]);
  // A reload onto a new build asks again for a call a tap chose that is not answered yet.
  useEffect(
    () => updateGate.readAnswerWaiting(() => answers.waiting() ?? live?.session.answerWaitingFor() ?? null),
    [answers, live],
  );
  // While another tab holds the session, its calls are out of sight here: this tab never lets a
  // new build take over (it would reload that tab too), the tab with the session decides.
  useEffect(() => (holding ? undefined : updateGate.hold()), [holding]);

  useEffect(() => {
    if (!deviceToken || !holding) return;
    const client = createRelayClient({ server: serverAddress, token: deviceToken });
    const push = createPushSubscriber({
      relay: client,
      pushManager: () => browserPushManager(),
      refused: storedRefusedEndpoints(store),
    });
    const session = new RingbackSession({
      store,
      settings: () => latest.current,
      e2eKey: async () => latestKey.current,
      relay: createSessionRelay(client),
      speech,
      audio,
      ringtone: callRingtone,
      onSignedOut: () => signedOut.current(),
      workerDeclines: browserWorkerDeclines(),
      // A page a phone froze in the background renews the calls it holds as soon as it is back.
      pageReturns: listenForPageReturns({ window, document }),
    });
    session.start();
    // Loading the on-device voice takes a few hundred ms: done now, not when the first call arrives
    // (only where calls use it, and only the brief language's data).
    void warmUpOnDeviceVoice(latest.current.voice, briefLanguageOf(latest.current));
    setLive({ session, client, push });
    return () => {
      session.stop();
      setLive(null);
    };
  }, [serverAddress, deviceToken, holding]);

  if (!holding) {
    return (
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <InterfaceLanguageEffect />
        <OpenElsewherePage checking={lock.state === 'waiting'} onUseHere={lock.takeOver} />
      </InterfaceLanguageProvider>
    );
  }
  if (!live) return null;
  const desktop = desktopBridge();
  return (
    <SessionContext.Provider
      value={{ ...live, settings, e2eKey, replaceE2eKey: onE2eKeyChange, updateSettings: onSettingsChange }}
    >
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <BriefLanguageSync />
        <ComputerLinkEffect />
        <ComputerDefaultsEffect />
        <InterfaceLanguageEffect />
        <RingScheduleDriver />
        <DeviceEffects />
        {desktop && <DesktopEffects bridge={desktop} />}
        <VoiceInputProvider settings={settings}>
          <Screens />
        </VoiceInputProvider>
      </InterfaceLanguageProvider>
    </SessionContext.Provider>
  );
}

/** The language the interface speaks for these settings on this system. */
export function interfaceLanguageOf(settings: LocalSettings): 'zh' | 'en' {
  return resolveInterfaceLanguage(
    settings.interfaceLanguage,
    typeof navigator === 'undefined' ? [] : navigator.languages,
  );
}
