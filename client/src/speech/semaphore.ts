/** A first-come-first-served limit on concurrent work, abort-aware while waiting. */
export interface Semaphore {
  /** Resolves with a release function once a slot is free; rejects if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly active: number;
  readonly waiting: number;
}

export function createSemaphore(limit: number): Semaphore {
  let active = 0;
  const waiters: { grant: () => void }[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiters.shift();
      if (next) next.grant();
      else active--;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return waiters.length;
    },
    acquire(signal) {
      return new Promise((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        if (active < limit) {
          active++;
          resolve(releaser());
          return;
        }
        const onAbort = () => {
          const index = waiters.indexOf(waiter);
          if (index !== -1) waiters.splice(index, 1);
          reject(signal?.reason);
        };
        // The slot passes straight from the releasing holder to this waiter (active unchanged).
        const waiter = {
          grant: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve(releaser());
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push(waiter);
      });
    },
  };
}

/** The page-wide limit of 3 concurrent requests to voice platforms (shared with speech-to-text). */
export const voiceSlots: Semaphore = createSemaphore(3);
