import type { SealingKey } from '@ringback/protocol';
import { createContext, useContext } from 'react';
import type { PushSubscriber } from '../push';
import type { RelayClient } from '../relay';
import type { LocalSettings } from '../storage';
import type { RingbackSession } from './session/ringback-session';

export interface SessionContextValue {
  session: RingbackSession;
  client: RelayClient;
  /** This device's Web Push subscription with the relay (background ringing). */
  push: PushSubscriber;
  settings: LocalSettings;
  /** The end-to-end key in effect, which seals and opens but never shows itself. */
  e2eKey: SealingKey | null;
  /** Makes `k1_` text this device's key, held as a non-extractable CryptoKey where the page can. */
  replaceE2eKey(text: string): Promise<void>;
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
