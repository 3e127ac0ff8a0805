import { useEffect, useState } from 'react';
import { browserConnectivityHost, type Connectivity, watchConnectivity } from './connectivity';

/** Whether this page can reach `relayUrl` now: online, offline (no network), or unreachable. */
export function useConnectivity(relayUrl: string): Connectivity {
  const [state, setState] = useState<Connectivity>(() =>
    typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'online',
  );
  useEffect(() => watchConnectivity(browserConnectivityHost(relayUrl), setState), [relayUrl]);
  return state;
}
