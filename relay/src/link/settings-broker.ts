import type { DaemonToRelay } from '@ringback/protocol';

type SettingsResult = Extract<DaemonToRelay, { type: 'settings-result' }>;

/** Settings requests waiting for their daemon's answer, each with a deadline. */
export class SettingsBroker {
  readonly #waiting = new Map<string, (result: SettingsResult | null) => void>();

  /** Resolves with the daemon's answer, or null when none came within `timeoutMs`. */
  wait(key: string, timeoutMs: number): Promise<SettingsResult | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(key);
        resolve(null);
      }, timeoutMs);
      this.#waiting.set(key, (result) => {
        clearTimeout(timer);
        this.#waiting.delete(key);
        resolve(result);
      });
    });
  }

  /** The daemon answered; false when nobody waits for it any more (timed out). */
  settle(key: string, result: SettingsResult): boolean {
    const resolve = this.#waiting.get(key);
    resolve?.(result);
    return resolve !== undefined;
  }

  /** Gives up on a request that never reached its daemon: its waiter gets null now. */
  cancel(key: string): void {
    this.#waiting.get(key)?.(null);
  }

  isWaiting(key: string): boolean {
    return this.#waiting.has(key);
  }
}

/** Requests are keyed by the daemon they went to, so one daemon cannot answer another's. */
export const settingsKey = (deviceId: string, requestId: string): string => `${deviceId}:${requestId}`;
