import type { DesktopBridge, DeviceTokenUnreadable } from '@ringback/protocol';
import { type KeyValueStore, STORAGE_KEYS } from '../storage';

/** The relay device token as the desktop keeps it: in memory here, encrypted by main on disk. */
export interface TokenHolder {
  get(): string | null;
  /** Keeps a new token (null: forgets it); main is told at once, a failure is only logged. */
  set(token: string | null): void;
}

/** A holder that saves every change through `save` (the bridge's `deviceToken.save`). */
export function createTokenHolder(
  save: (token: string | null) => Promise<void>,
  initial: string | null = null,
): TokenHolder & { load(token: string | null): void } {
  let held = initial;
  return {
    get: () => held,
    set(token) {
      if (token === held) return;
      held = token;
      save(token).catch((error: unknown) => console.error('ringback: the device token was not kept', error));
    },
    load(token) {
      held = token;
    },
  };
}

type Stored = Record<string, unknown> & { deviceToken?: unknown };

function parsed(raw: string): Stored | null {
  try {
    const value = JSON.parse(raw) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Stored) : null;
  } catch {
    return null;
  }
}

/**
 * The page's store with the settings' `deviceToken` taken out of it: localStorage never holds the
 * token in the desktop app (main keeps it encrypted by the OS keychain). Reading the settings puts
 * the held token back in; writing them hands a changed token to the holder. A token an older run
 * left in localStorage is moved to the holder on first read.
 */
export function tokenKeepingStore(base: KeyValueStore, holder: TokenHolder): KeyValueStore {
  const withoutToken = (value: Stored) => JSON.stringify({ ...value, deviceToken: null });
  return {
    getItem(key) {
      const raw = base.getItem(key);
      if (key !== STORAGE_KEYS.settings || raw === null) return raw;
      const value = parsed(raw);
      if (!value) return raw;
      if (typeof value.deviceToken === 'string' && value.deviceToken) {
        if (holder.get() === null) holder.set(value.deviceToken);
        base.setItem(key, withoutToken(value));
      }
      return JSON.stringify({ ...value, deviceToken: holder.get() });
    },
    setItem(key, raw) {
      if (key !== STORAGE_KEYS.settings) return base.setItem(key, raw);
      const value = parsed(raw);
      if (!value) return base.setItem(key, raw);
      holder.set(typeof value.deviceToken === 'string' && value.deviceToken ? value.deviceToken : null);
      base.setItem(key, withoutToken(value));
    },
    removeItem(key) {
      if (key === STORAGE_KEYS.settings) holder.set(null);
      base.removeItem(key);
    },
    keys: () => base.keys(),
  };
}

/** The page's one token holder in the desktop app, saving through the bridge once it is known. */
let bridgeSave: DesktopBridge['deviceToken']['save'] | null = null;
export const desktopToken = createTokenHolder(async (token) => {
  await bridgeSave?.(token);
});

/**
 * Why the page starts without the saved pairing: main could not read it (a reason code of main's
 * vault), or main did not answer at all (`no-answer`: the bridge call kept failing, which says
 * nothing about the pairing itself).
 */
export type SavedPairingProblem = DeviceTokenUnreadable | 'no-answer';

/** A bridge call that failed is asked again after these waits (a few seconds in all). */
const LOAD_RETRY_DELAYS_MS: readonly number[] = [250, 500, 1_000, 2_000];

/**
 * Reads the kept token before the first render, so the app starts paired. Resolves why the saved
 * token could not be read (the page says so, and pairs again only when asked), or null. A call
 * that throws (an IPC failure) is retried, never taken for an unreadable pairing.
 */
export async function loadDesktopToken(
  bridge: DesktopBridge,
  holder: { load(token: string | null): void } = desktopToken,
  retryDelaysMs: readonly number[] = LOAD_RETRY_DELAYS_MS,
): Promise<SavedPairingProblem | null> {
  bridgeSave = (token) => bridge.deviceToken.save(token);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const loaded = await bridge.deviceToken.load();
      holder.load(loaded.ok ? loaded.token : null);
      return loaded.ok ? null : loaded.reason;
    } catch (error) {
      console.warn('ringback: the device token could not be loaded', error);
      const delay = retryDelaysMs[attempt];
      if (delay === undefined) {
        holder.load(null);
        return 'no-answer';
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
