import type { TrackerSettingsReply, TrackerWorkspacesReply } from '@ringback/protocol';
import { useCallback, useEffect, useState } from 'react';
import { TrackerSettingsPage } from '../../ui';
import { useComputer } from './use-computer';

const EMPTY: TrackerSettingsReply = {
  settings: { workspaces: [], tokenHint: null },
  status: { workspaces: [] },
};
/** Connection states change while the page is open (the computer connects after a save). */
const STATUS_REFRESH_MS = 5_000;

/**
 * The Multica token and the watched workspaces. They live on the computer only (the token is
 * never sent back, only its hint), so every read and write goes to it, sealed through the relay.
 */
export function TrackerScreen({ onBack }: { onBack(): void }) {
  const computer = useComputer();
  const [current, setCurrent] = useState<TrackerSettingsReply>(EMPTY);
  const reload = useCallback(async () => {
    setCurrent(await computer<TrackerSettingsReply>('GET', '/tracker/settings'));
  }, [computer]);
  useEffect(() => {
    void reload().catch(() => undefined);
    const timer = setInterval(() => void reload().catch(() => undefined), STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);
  const workspaces = async (token?: string) =>
    (await computer<TrackerWorkspacesReply>('POST', '/tracker/workspaces', token ? { token } : {}))
      .workspaces;
  return (
    <TrackerSettingsPage
      tokenHint={current.settings.tokenHint}
      watched={current.settings.workspaces}
      statuses={current.status.workspaces}
      onVerify={(token) => workspaces(token)}
      onLoadWorkspaces={() => workspaces()}
      onSave={async (request) =>
        setCurrent(await computer<TrackerSettingsReply>('PUT', '/tracker/settings', request))
      }
      onDisconnect={async () =>
        setCurrent(await computer<TrackerSettingsReply>('DELETE', '/tracker/settings'))
      }
      onBack={onBack}
    />
  );
}
