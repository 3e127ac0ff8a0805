/**
 * What `work` gives, or `fallback` when it fails or has not settled within `ms`. A push must show a
 * notification before the browser stops the worker (about 30 s, less on some platforms), so nothing
 * the worker waits for (IndexedDB, the notification list, the window list) may wait without limit.
 */
export function settleWithin<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(fallback);
      },
    );
  });
}
