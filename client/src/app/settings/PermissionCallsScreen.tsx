import type { PermissionCallSettingsReply, PermissionCallSettingsUpdate } from '@ringback/protocol';
import { useCallback, useEffect, useState } from 'react';
import { useText } from '../../i18n';
import { PermissionCallsPage } from '../../ui/permission-settings/PermissionCallsPage';
import { errorText } from '../../ui/useAsyncStatus';
import { presenceSentence, waitDuration } from './presence-words';
import { useComputer } from './use-computer';

const PATH = '/settings/permission-calls';
/** The presence changes while the page is open (the user walks away, the tray switch): read again. */
const PRESENCE_REFRESH_MS = 15_000;

/**
 * Permission calls' settings: they live on the computer (its hooks ask it), so every read and
 * write goes to it, sealed through the relay, and each answer brings the presence it sees now.
 */
export function PermissionCallsScreen({ onBack }: { onBack(): void }) {
  const computer = useComputer();
  const t = useText();
  const [reply, setReply] = useState<PermissionCallSettingsReply | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setReply(await computer<PermissionCallSettingsReply>('GET', PATH));
      setLoadError(null);
    } catch (error) {
      setLoadError(errorText(error));
    }
  }, [computer]);
  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), PRESENCE_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  return (
    <PermissionCallsPage
      current={reply && { settings: reply.settings, presence: presenceSentence(reply.presence, t) }}
      loadError={loadError}
      onChange={async (update: PermissionCallSettingsUpdate) =>
        setReply(await computer<PermissionCallSettingsReply>('PUT', PATH, update))
      }
      duration={(seconds) => waitDuration(seconds, t)}
      onBack={onBack}
    />
  );
}
