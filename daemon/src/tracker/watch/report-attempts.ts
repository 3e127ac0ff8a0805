import type { Logger } from '../../log/logger';
import type { WatchStore } from './watch-store';

/**
 * Failed attempts to build one task's report (tracker reads) before it is given up on: logged,
 * marked handled, never rung. With the default retry every minute that is about ten minutes of a
 * tracker answering everything but this task; a tracker that is down fails the catch-up's own list
 * reads first, so an outage costs no task its attempts.
 */
export const MAX_REPORT_ATTEMPTS = 10;

export interface FailedReport {
  store: WatchStore;
  taskId: string;
  /** Names the task and its workspace in the log lines. */
  what: string;
  /** Why the attempt failed, already described for a log line. */
  cause: string;
}

export interface ReportAttemptDeps {
  logger: Logger;
  /** Defaults to MAX_REPORT_ATTEMPTS. */
  maxAttempts?: number;
  /**
   * Takes a `tracker-watch.json` write: logs its failure and keeps it for the watcher's `stop()`
   * to wait for; resolves once it settled.
   */
  save: (write: Promise<void>) => Promise<void>;
}

/**
 * Counts a failed read of a task's report, in `tracker-watch.json` so the count survives
 * restarts; past the limit the task is given up on for good, so one task the tracker cannot
 * serve never holds the watermark back. `failed`: try again later; `done`: given up.
 */
export async function countFailedAttempt(
  { store, taskId, what, cause }: FailedReport,
  { logger, maxAttempts = MAX_REPORT_ATTEMPTS, save }: ReportAttemptDeps,
): Promise<'failed' | 'done'> {
  const { attempts, saved } = store.addFailedAttempt(taskId);
  void save(saved);
  if (attempts < maxAttempts) {
    logger.warn(
      `could not report ${what} (attempt ${attempts} of ${maxAttempts}): ${cause}; a catch-up read tries again`,
    );
    return 'failed';
  }
  logger.error(`giving up on ${what} after ${attempts} failed attempts: ${cause}; it will not ring`);
  // Handled, so neither a catch-up read nor a restart tries it again, and the watermark moves on.
  await save(store.markHandled(taskId));
  return 'done';
}
