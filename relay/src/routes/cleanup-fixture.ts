// For tests on real ports and sockets: what each test opened is released after it, last opened
// first (links before the relay they lead to), and a test can wait for what happens elsewhere.
import { afterEach } from 'vitest';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Releases what a test opened once it has run, passed or failed. */
export function afterThisTest(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}

/** Polls `check` until it holds; throws, naming `what`, once `timeoutMs` has gone by. */
export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
