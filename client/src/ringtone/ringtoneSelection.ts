import { loadSelection, type RingtoneSelection, type SelectionStorage, saveSelection } from './ringtoneSlots';

/** The selection record, live: read by the players at each start, written by the pages, watched by React. */
export interface RingtoneSelectionStore {
  get(): RingtoneSelection;
  /** Saves at once; false when storage refused the write (the new choice still holds until reload). */
  set(next: RingtoneSelection): boolean;
  /** For `useSyncExternalStore`; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

export function ringtoneSelectionStore(
  storage: SelectionStorage,
  legacyWaitingTone?: () => 'ringback' | 'silent',
): RingtoneSelectionStore {
  let current = loadSelection(storage, legacyWaitingTone?.());
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(next) {
      current = next;
      const saved = saveSelection(storage, next);
      for (const listener of [...listeners]) listener();
      return saved;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
