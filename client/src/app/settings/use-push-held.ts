import { useEffect, useState } from 'react';
import type { PushHeld } from '../../push';
import type { RelayClient } from '../../relay';
import { askPushHeld, knownPushHeld } from './push-held';

/**
 * Whether the relay holds a push subscription for this device, asked each time `asking` turns true
 * (the settings list shown again): checking until it answers (or what it said before), and not
 * known when it cannot be asked. Background ringing is said to be on only when it is held.
 */
export function usePushHeld(client: Pick<RelayClient, 'pushSubscription'>, asking: boolean): PushHeld {
  const [held, setHeld] = useState<PushHeld>(() => knownPushHeld(client));
  useEffect(() => {
    if (!asking) return;
    let live = true;
    setHeld(knownPushHeld(client));
    void askPushHeld(client).then((answer) => live && setHeld(answer));
    return () => {
      live = false;
    };
  }, [client, asking]);
  return held;
}
