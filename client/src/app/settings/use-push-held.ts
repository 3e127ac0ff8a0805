import { useEffect, useState } from 'react';
import type { RelayClient } from '../../relay';

/**
 * Whether the relay holds a push subscription for this device, asked each time `asking` turns true
 * (the settings list shown again). False while not known: background ringing is said to be on only
 * when the relay is known to hold one.
 */
export function usePushHeld(client: Pick<RelayClient, 'pushSubscription'>, asking: boolean): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!asking) return;
    let live = true;
    client.pushSubscription().then(
      ({ endpoint }) => live && setHeld(endpoint !== null),
      () => live && setHeld(false),
    );
    return () => {
      live = false;
    };
  }, [client, asking]);
  return held;
}
