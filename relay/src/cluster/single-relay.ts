import type { AttemptLimiter } from '../auth/attempt-limiter';
import { LivePairingCodes } from '../auth/live-pairing-codes';
import { applyDeviceChange } from './device-change';
import { askOverLocalLink } from './local-settings';
import { memoryCodeAttempts } from './memory-code-attempts';
import type { ClusterFactory, RelayCluster } from './relay-cluster';

/**
 * A relay that runs alone (the embedded SQLite store): its memory is the whole relay's, so what
 * happens here is done here, at once.
 */
export function singleRelay(attempts: AttemptLimiter): ClusterFactory {
  return async (local): Promise<RelayCluster> => {
    const liveCodes = new LivePairingCodes(local.now);
    // Codes made before a restart can still be hit by a guess: they count from the start.
    for (const code of await local.store.livePairingCodes(local.now()))
      liveCodes.added(code.codeHash, code.accountId, code.expiresAt);
    return {
      logged: (accountId, seq) => local.fanout.announce(accountId, seq),
      deviceChanged: (accountId, deviceId, change) => applyDeviceChange(local, accountId, deviceId, change),
      replyQueued: (reply) => local.dispatcher.dispatch(reply),
      async linkOpened() {
        return { closed: async () => {} };
      },
      askSettings: (deviceId, requestId, sealed, timeoutMs) =>
        askOverLocalLink(local, deviceId, requestId, sealed, timeoutMs),
      computerLink: async (deviceId) => local.links.get(deviceId) ?? null,
      // Its own writes announce its frames: nothing to lose.
      acceptsStreams: () => true,
      attempts: memoryCodeAttempts(attempts, local.now),
      liveCodes,
      async close() {},
    };
  };
}
