import type { RelayStore } from '../../storage/relay-store';
import type { LiveCodes } from '../live-codes';

/**
 * Live pairing codes read from the shared database each time: a code made or used on another
 * instance counts at once. The table holds only codes of the last few minutes, so this is small.
 */
export function storeLiveCodes(store: RelayStore, now: () => number): LiveCodes {
  return {
    async count() {
      return (await store.livePairingCodes(now())).length;
    },
    async of(accountId) {
      return (await store.livePairingCodes(now()))
        .filter((code) => code.accountId === accountId)
        .map((code) => code.expiresAt)
        .sort((a, b) => a - b);
    },
    added() {},
    used() {},
  };
}
