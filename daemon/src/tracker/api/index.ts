export { TRACKER_READ_RETRY_DELAYS_MS } from './read-retry';
export type { TrackerClient, TrackerClientOptions } from './tracker-client';
export {
  createTrackerClient,
  TRACKER_TIMEOUT_MS,
  TRACKER_UPLOAD_TIMEOUT_MS,
} from './tracker-client';
export type { TrackerErrorKind, TrackerRequestErrorInit } from './tracker-error';
export {
  describeNetworkError,
  isTrackerRequestError,
  TrackerRequestError,
} from './tracker-error';
export { TRACKER_MAX_BODY_BYTES } from './tracker-http';
export type {
  TrackerAgent,
  TrackerAttachment,
  TrackerComment,
  TrackerCreateCommentInput,
  TrackerIssue,
  TrackerIssueList,
  TrackerIssueQuery,
  TrackerIssueStatus,
  TrackerPriority,
  TrackerProject,
  TrackerProjectStatus,
  TrackerQuickCreateInput,
  TrackerQuickCreateResult,
  TrackerRuntime,
  TrackerStatusCategory,
  TrackerTask,
  TrackerTaskKind,
  TrackerTaskStatus,
  TrackerUploadInput,
  TrackerWorkspace,
} from './tracker-types';
