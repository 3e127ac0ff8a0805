import type { ShellLanguage } from '@ringback/protocol';
import type { WindowBounds } from '../window/window-bounds';

/**
 * What the shell remembers between runs (`shell.json` in the app's user data, json-file-store.ts):
 * non-secret only. The device token is never here (see secrets/token-vault.ts).
 */
export interface ShellState {
  bounds: WindowBounds;
  closeToTray: boolean;
  openAtLogin: boolean;
  /** The last interface language the renderer reported, for the app's name at the next start. */
  language: ShellLanguage;
}

/** The two calls the shell makes on its store; tests pass a Map-backed fake. */
export interface ShellStore {
  get<K extends keyof ShellState>(key: K): ShellState[K] | undefined;
  set<K extends keyof ShellState>(key: K, value: ShellState[K]): void;
}

/** A store kept in memory: for tests, and the fallback when the file cannot be opened. */
export function memoryShellStore(initial: Partial<ShellState> = {}): ShellStore {
  const values = new Map<keyof ShellState, unknown>(Object.entries(initial) as [keyof ShellState, unknown][]);
  return {
    get: <K extends keyof ShellState>(key: K) => values.get(key) as ShellState[K] | undefined,
    set: (key, value) => {
      values.set(key, value);
    },
  };
}
