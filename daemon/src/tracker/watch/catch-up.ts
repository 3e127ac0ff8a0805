import type { TrackerTask } from '../api';

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

/** The first watermark of a workspace: now, to the whole second the tracker's times are in. */
export function firstWatermark(now: number): number {
  return Math.floor(now / 1000) * 1000;
}
