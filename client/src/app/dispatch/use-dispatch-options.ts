import type { DispatchOptionsReply, TrackerSettingsReply, TrackerWorkspace } from '@ringback/protocol';
import { useEffect, useRef, useState } from 'react';
import { ComputerWriteError } from '../settings/computer-writes';
import type { ComputerCall } from '../settings/use-computer';
import { blockedReasonOf } from './blocked-reason';

/** Spec (Limits): project and agent options are re-read through the computer every 10 s. */
export const OPTIONS_REFRESH_MS = 10_000;

export type DispatchOptionsView = {
  /** The watched workspaces, as the computer keeps them. */
  workspaces: TrackerWorkspace[];
  /** The options of `workspaceId` (null until first read). */
  options: DispatchOptionsReply | null;
  /** Why no call can be made now (computer offline, no daemon, no tracker); null when it can. */
  blockedReason: string | null;
  loading: boolean;
};

const NO_WORKSPACE =
  'Your computer watches no Multica workspace: choose one under Settings › Tracker (Multica).';

/**
 * Reads the watched workspaces and the projects and agents of `workspaceId` (the first watched
 * when null) now and every 10 s, so the Call button comes back by itself once the computer, its
 * tracker or the agent is back. The last good options stay shown while a read fails.
 */
export function useDispatchOptions(computer: ComputerCall, workspaceId: string | null): DispatchOptionsView {
  const [view, setView] = useState<DispatchOptionsView>({
    workspaces: [],
    options: null,
    blockedReason: null,
    loading: true,
  });
  const call = useRef(computer);
  call.current = computer;

  useEffect(() => {
    let stopped = false;
    const read = async () => {
      try {
        const { settings } = await call.current<TrackerSettingsReply>('GET', '/tracker/settings');
        if (!settings.tokenHint) throw new ComputerWriteError('no token', 'tracker_not_configured');
        const watched = settings.workspaces;
        if (watched.length === 0) {
          if (!stopped)
            setView({ workspaces: [], options: null, blockedReason: NO_WORKSPACE, loading: false });
          return;
        }
        const target = watched.some((item) => item.id === workspaceId) ? workspaceId : null;
        const options = target
          ? await call.current<DispatchOptionsReply>('POST', '/tracker/dispatch/options', {
              workspaceId: target,
            })
          : await call.current<DispatchOptionsReply>('GET', '/tracker/dispatch/options');
        if (!stopped) setView({ workspaces: watched, options, blockedReason: null, loading: false });
      } catch (error) {
        if (stopped) return;
        setView((previous) => ({ ...previous, blockedReason: blockedReasonOf(error), loading: false }));
      }
    };
    void read();
    const timer = setInterval(() => void read(), OPTIONS_REFRESH_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [workspaceId]);

  return view;
}
