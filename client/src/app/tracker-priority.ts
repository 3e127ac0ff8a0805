import type { TrackerPriority } from '@ringback/protocol';

/** Lower is more urgent, as the call queue and the calls page sort; local reports have none. */
export const TRACKER_PRIORITY_RANK: Record<TrackerPriority, number> = {
  urgent: 0,
  high: 1,
  medium: 2,
  low: 3,
  none: 4,
};
