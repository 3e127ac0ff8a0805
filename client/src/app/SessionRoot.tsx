import type { SealingKey } from '@ringback/protocol';
import { useEffect, useRef, useState } from 'react';
import { InterfaceLanguageProvider, resolveInterfaceLanguage } from '../i18n';
import { createRelayClient, type RelayClient } from '../relay';
import { warmUpOnDeviceVoice } from '../speech';
import type { LocalSettings } from '../storage';
import { OpenElsewherePage } from '../ui';
import { BriefLanguageSync } from './BriefLanguageSync';
import { InterfaceLanguageEffect } from './InterfaceLanguageEffect';
import { RingScheduleDriver } from './RingScheduleDriver';
import { Screens } from './Screens';
import { audio, incomingRingtone, speech, store } from './services';
import { createSessionRelay } from './session/create-session-relay';
import { RingbackSession } from './session/ringback-session';
import { SessionContext } from './session-context';
import { useTabLock } from './use-tab-lock';

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
  const [live, setLive] = useState<{ session: RingbackSession; client: RelayClient } | null>(null);
  const { serverAddress, deviceToken } = settings;
  const lock = useTabLock(`ringback.session.${settings.deviceId ?? 'this-device'}`);
  const holding = lock.state === 'holding';

  useEffect(() => {
    if (!deviceToken || !holding) return;
    const client = createRelayClient({ server: serverAddress, token: deviceToken });
    const session = new RingbackSession({
      store,
      settings: () => latest.current,
      e2eKey: async () => latestKey.current,
      relay: createSessionRelay(client),
      speech,
      audio,
      ringtone: incomingRingtone,
      onSignedOut: () => signedOut.current(),
    });
    session.start();
    // Loading the on-device voice takes a few hundred ms: done now, not when the first call arrives.
    if (latest.current.voice.engineId === 'on-device') void warmUpOnDeviceVoice();
    setLive({ session, client });
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
  return (
    <SessionContext.Provider
      value={{ ...live, settings, e2eKey, replaceE2eKey: onE2eKeyChange, updateSettings: onSettingsChange }}
    >
      <InterfaceLanguageProvider language={interfaceLanguageOf(settings)}>
        <BriefLanguageSync />
        <InterfaceLanguageEffect />
        <RingScheduleDriver />
        <Screens />
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
