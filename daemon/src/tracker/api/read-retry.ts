import type { Logger } from '../../log/logger';
import { isTrackerRequestError } from './tracker-error';

/** The spec's Limits: a failed read is retried up to 3 times, after 0.5, 1 and 2 s. */
export const TRACKER_READ_RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000];

export interface ReadRetryOptions {
  sleep: (ms: number) => Promise<void>;
  logger: Logger;
}

/**
 * Runs a tracker read, retrying it on network errors, 5xx and 429 (the error's `retryable`).
 * Every failed attempt is logged at warn with the error's message, which names the method, path
 * and the status or network cause. Other errors (4xx) go straight to the caller, unlogged.
 */
export async function withReadRetries<T>(read: () => Promise<T>, options: ReadRetryOptions): Promise<T> {
  const attempts = TRACKER_READ_RETRY_DELAYS_MS.length + 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (!isTrackerRequestError(error) || !error.retryable) throw error;
      const delay = TRACKER_READ_RETRY_DELAYS_MS[attempt - 1];
      if (delay === undefined) {
        options.logger.warn(`${error.message} (attempt ${attempt} of ${attempts}, giving up)`);
        throw error;
      }
      options.logger.warn(`${error.message} (attempt ${attempt} of ${attempts}, retrying in ${delay} ms)`);
      await options.sleep(delay);
    }
  }
}
