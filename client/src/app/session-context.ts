import { createContext, useContext } from 'react';
import type { RelayClient } from '../relay';
import type { LocalSettings } from '../storage';
import type { RingbackSession } from './session/ringback-session';

export interface SessionContextValue {
  session: RingbackSession;
  client: RelayClient;
  settings: LocalSettings;
  updateSettings(patch: Partial<LocalSettings>): void;
}

/**
 * The live session of this paired device, for every screen. In a file of its own so screens
 * depend on it, not on `SessionRoot`, which renders them.
 */
export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionRoot');
  return value;
}
