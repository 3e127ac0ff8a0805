/**
 * Waits until `count()` reaches `target`, failing only when the count has not grown for `stallMs`.
 * For work whose length is proportional to the machine's speed (thousands of deliveries, a long
 * backlog): a busy machine makes it slower, not stuck, so no fixed total would fit every machine,
 * while a count that stops moving is still caught within `stallMs`.
 */
export async function waitForProgress(
  count: () => number | Promise<number>,
  target: number,
  options: { stallMs: number; what: string; pollMs?: number },
): Promise<void> {
  let last = await count();
  let movedAt = Date.now();
  while (last < target) {
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 25));
    const now = await count();
    if (now > last) {
      last = now;
      movedAt = Date.now();
    } else if (Date.now() - movedAt > options.stallMs) {
      throw new Error(
        `timed out waiting for ${options.what}: ${last} of ${target}, no progress for ${options.stallMs} ms`,
      );
    }
  }
}
