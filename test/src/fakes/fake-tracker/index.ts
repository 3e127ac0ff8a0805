export type { RecordedRequest } from './app.js';
export type { TrackerEvent } from './core.js';
export type {
  Agent,
  Attachment,
  Comment,
  Issue,
  IssueStatusDef,
  Project,
  Runtime,
  Task,
  TrackerState,
  User,
  Workspace,
} from './model.js';
export { type SeedResult, seedDemo } from './seed.js';
export { type FakeTracker, type FakeTrackerOptions, type RecordedEvent, startFakeTracker } from './server.js';
