import type { DesktopBridge, DesktopFacts, DesktopPreferences } from '@ringback/protocol';
import { useEffect, useState } from 'react';
import { useText } from '../i18n';
import { DesktopSettingsPage } from './DesktopSettingsPage';

/** Reads the desktop's preferences and facts from main, and saves each change there. */
export function DesktopSettingsScreen({ bridge, onBack }: { bridge: DesktopBridge; onBack(): void }) {
  const t = useText();
  const [preferences, setPreferences] = useState<DesktopPreferences | null>(null);
  const [facts, setFacts] = useState<DesktopFacts | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([bridge.preferences.get(), bridge.facts()]).then(
      ([loaded, known]) => {
        if (!live) return;
        setPreferences(loaded);
        setFacts(known);
      },
      (failure: unknown) =>
        live && setError(t('Could not read the settings: {message}', { message: messageOf(failure) })),
    );
    return () => {
      live = false;
    };
  }, [bridge, t]);

  return (
    <DesktopSettingsPage
      preferences={preferences}
      facts={facts}
      busy={busy}
      error={error}
      onChange={(change) => {
        setBusy(true);
        setError(null);
        bridge.preferences
          .set(change)
          .then(setPreferences, (failure: unknown) =>
            setError(t('Could not save: {message}', { message: messageOf(failure) })),
          )
          .finally(() => setBusy(false));
      }}
      onBack={onBack}
    />
  );
}

const messageOf = (failure: unknown) => (failure instanceof Error ? failure.message : String(failure));
