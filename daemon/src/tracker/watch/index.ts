export { CATCH_UP_PAGE_SIZE } from './catch-up';
export { MAX_REPORT_ATTEMPTS } from './report-attempts';
export type { FinishedTask, TrackerFinishedReport } from './task-report';
export type { TrackerWatcherOptions } from './tracker-watcher';
export { TrackerWatcher } from './tracker-watcher';
export { MAX_HANDLED_TASKS, TRACKER_WATCH_FILE } from './watch-store';
export type { WatchTiming } from './watch-timing';
export { DEFAULT_WATCH_TIMING } from './watch-timing';
