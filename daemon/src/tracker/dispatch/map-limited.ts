/** Tracker reads made at once by one request: enough to be quick, few enough to be polite. */
export const TRACKER_READ_CONCURRENCY = 8;

/** `Promise.all(items.map(work))` with at most `limit` calls in flight; results keep their order. */
export async function mapLimited<T, R>(
  items: readonly T[],
  work: (item: T) => Promise<R>,
  limit = TRACKER_READ_CONCURRENCY,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
