import type { TrackerTask } from '../api';

/**
 * Tasks reported between two watermark writes in a catch-up read. The tracker does not page an
 * agent's task list (§5.7), so the read arrives whole; the watermark moves past each page as it is
 * handled, so a long catch-up cut short (stop, disconnect) keeps its progress and the bounded set of
 * handled ids never has to cover more than what lies beyond the watermark.
 */
export const CATCH_UP_PAGE_SIZE = 50;

/** `done`: reported, deliberately not, or given up on; `busy`: the live path has it just now; `failed`: try again. */
export type ReportOutcome = 'done' | 'busy' | 'failed';

export interface CatchUpPages {
  /** Due tasks, oldest completion first (`tasksToCatchUp`). */
  due: TrackerTask[];
  watermark: number;
  pageSize: number;
  report: (task: TrackerTask) => Promise<ReportOutcome>;
  saveWatermark: (ms: number) => Promise<void>;
  /** True once the workspace is unwatched or the watcher stops: the rest is left for next time. */
  cancelled: () => boolean;
}

export interface CatchUpPass {
  unreported: TrackerTask[];
  failed: boolean;
  cancelled: boolean;
}

/** Completion time in epoch ms (the tracker writes whole seconds), or null. */
export function completedAt(task: TrackerTask): number | null {
  if (!task.completed_at) return null;
  const ms = Date.parse(task.completed_at);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * The tasks a catch-up read must report, oldest completion first: completed, on an issue,
 * finished at or after the watermark (at: the tracker keeps whole seconds, so a task of the
 * watermark's own second may be new) and not handled already.
 */
export function tasksToCatchUp(
  tasks: TrackerTask[],
  watermark: number,
  isHandled: (taskId: string) => boolean,
): TrackerTask[] {
  const due = new Map<string, { task: TrackerTask; at: number }>();
  for (const task of tasks) {
    const at = completedAt(task);
    if (task.status !== 'completed' || !task.issue_id || at === null || at < watermark) continue;
    if (!isHandled(task.id)) due.set(task.id, { task, at });
  }
  return [...due.values()].sort((a, b) => a.at - b.at).map(({ task }) => task);
}

/**
 * Where the next catch-up read starts: at the oldest task still unreported (so it is tried again),
 * else at the newest completion seen, in the tracker's own clock. Never moves back.
 */
export function nextWatermark(watermark: number, listed: TrackerTask[], unreported: TrackerTask[]): number {
  // Loops, not spreads: an agent's task list has no upper bound.
  let oldestPending = Number.POSITIVE_INFINITY;
  for (const task of unreported) oldestPending = Math.min(oldestPending, completedAt(task) ?? oldestPending);
  if (oldestPending !== Number.POSITIVE_INFINITY) return Math.max(watermark, oldestPending);
  let newest = watermark;
  for (const task of listed) newest = Math.max(newest, completedAt(task) ?? newest);
  return newest;
}

/**
 * Reports the due tasks a page at a time, oldest first. After each page but the last, the watermark
 * moves to where the next page starts, or only as far as the oldest task still unreported: every
 * task before that point is handled, and handled ids are skipped if the next read sees them again.
 */
export async function reportInPages(pages: CatchUpPages): Promise<CatchUpPass> {
  const { due, pageSize } = pages;
  const unreported: TrackerTask[] = [];
  let failed = false;
  for (let start = 0; start < due.length; start += pageSize) {
    for (const task of due.slice(start, start + pageSize)) {
      if (pages.cancelled()) return { unreported, failed, cancelled: true };
      const outcome = await pages.report(task);
      // Not past a task still on its way: the watermark stays at it until it is done.
      if (outcome !== 'done') unreported.push(task);
      failed ||= outcome === 'failed';
    }
    const next = due[start + pageSize];
    if (pages.cancelled()) return { unreported, failed, cancelled: true };
    if (next) await pages.saveWatermark(progressWatermark(pages.watermark, unreported, next));
  }
  return { unreported, failed, cancelled: false };
}

/** Where a catch-up stands before `next`: at it, or at the oldest task still unreported. Never back. */
function progressWatermark(watermark: number, unreported: TrackerTask[], next: TrackerTask): number {
  let at = completedAt(next) ?? watermark;
  for (const task of unreported) at = Math.min(at, completedAt(task) ?? at);
  return Math.max(watermark, at);
}

/** The first watermark of a workspace: now, to the whole second the tracker's times are in. */
export function firstWatermark(now: number): number {
  return Math.floor(now / 1000) * 1000;
}
