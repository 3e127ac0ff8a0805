/**
 * Whether this page may be taken over by a new build now. Parts of the page hold it while an update
 * would interrupt something (a call ringing, being prepared to ring or in progress; a session held
 * by another tab, whose calls this tab cannot see), and the hand-off waits until nothing holds it.
 */
export interface UpdateGate {
  /** Holds updates off until the returned release is called (a second call does nothing). */
  hold(): () => void;
  /** Whether anything holds updates off now. */
  held(): boolean;
  /** Called each time the last hold is released. Returns a stop. */
  onOpen(listener: () => void): () => void;
  /**
   * The call a tap on Answer asked for that is not answered yet, so the reload onto a new build
   * asks for it again. The page hands in how to read it; returns a stop.
   */
  readAnswerWaiting(read: () => string | null): () => void;
  answerWaiting(): string | null;
}

export function createUpdateGate(): UpdateGate {
  let holds = 0;
  const listeners = new Set<() => void>();
  const readers = new Set<() => string | null>();
  return {
    hold() {
      holds++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holds--;
        if (holds === 0) for (const listener of [...listeners]) listener();
      };
    },
    held: () => holds > 0,
    onOpen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readAnswerWaiting(read) {
      readers.add(read);
      return () => readers.delete(read);
    },
    answerWaiting() {
      for (const read of readers) {
        const eventId = read();
        if (eventId !== null) return eventId;
      }
      return null;
    },
  };
}

/** The page's one gate: the session's parts hold it, the service worker registration reads it. */
export const updateGate: UpdateGate = createUpdateGate();
