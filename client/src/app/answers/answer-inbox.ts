/**
 * Calls the user chose to answer from a notification, held until a session can take them: the
 * request may come before this tab holds the session (at start, or while another tab has it).
 */
export interface AnswerInbox {
  /** Hands `eventId` to the session taking answers now, or keeps it (the latest only) until one does. */
  put(eventId: string): void;
  /** A session takes answers from now on; one kept meanwhile is handed over at once. Returns a detach. */
  deliverTo(answer: (eventId: string) => void): () => void;
  /**
   * Told when a request is kept for want of a session (so the tab can take the session over): at
   * once if one is kept already, then at each new one.
   */
  onKept(listener: () => void): () => void;
  /** The request kept for want of a session, if any. */
  waiting(): string | null;
}

export function createAnswerInbox(): AnswerInbox {
  let kept: string | null = null;
  let taker: ((eventId: string) => void) | null = null;
  const keptListeners = new Set<() => void>();
  return {
    put(eventId) {
      if (taker) {
        taker(eventId);
        return;
      }
      kept = eventId;
      for (const listener of keptListeners) listener();
    },
    deliverTo(answer) {
      taker = answer;
      const waiting = kept;
      kept = null;
      if (waiting !== null) answer(waiting);
      return () => {
        if (taker === answer) taker = null;
      };
    },
    onKept(listener) {
      keptListeners.add(listener);
      if (kept !== null) listener();
      return () => keptListeners.delete(listener);
    },
    waiting: () => kept,
  };
}
