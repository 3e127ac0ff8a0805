import type { DeviceTokenLoad } from '@ringback/protocol';

/** About a minute in all: long enough for a keyring that unlocks just after login. */
export const KEYCHAIN_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000, 8_000, 16_000, 30_000];

export interface SavedPairingCheckOptions {
  load(): Promise<DeviceTokenLoad>;
  retryDelaysMs?: readonly number[];
  /** The saved pairing cannot be read (yet); `final`: no more retries. */
  onUnreadable(final: boolean): void;
  /** It reads now, after it did not: the page that showed it unreadable loads it again. */
  onReadableAgain(): void;
}

export interface SavedPairingCheck {
  /** Settles when the pairing read, or the check gave up or was stopped. */
  done: Promise<void>;
  /** The user paired again, or read the pairing from the page: no more retries. */
  stop(): void;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Main reads the saved pairing itself at start, so it knows of a failure even while the window is
 * hidden (a start at login): the page alone would show the join page in a window nobody sees. A
 * keychain that is not there now (or a read that failed outright) is asked again with backoff
 * before the check gives up; one that cannot decrypt the token is final at once.
 */
export function checkSavedPairing(o: SavedPairingCheckOptions): SavedPairingCheck {
  const delays = o.retryDelaysMs ?? KEYCHAIN_RETRY_DELAYS_MS;
  let stopped = false;
  const run = async () => {
    for (let attempt = 0; ; attempt += 1) {
      const loaded = await o.load().catch((error: unknown) => {
        console.error('Ringback: the saved device token could not be read:', error);
        return null;
      });
      if (stopped) return;
      if (loaded?.ok) {
        if (attempt > 0) o.onReadableAgain();
        return;
      }
      const final = loaded?.reason === 'undecryptable' || attempt >= delays.length;
      o.onUnreadable(final);
      if (final) return;
      await wait(delays[attempt] ?? 0);
      if (stopped) return;
    }
  };
  return {
    done: run(),
    stop: () => {
      stopped = true;
    },
  };
}
