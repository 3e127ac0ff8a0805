import { type ErrorCode, RingbackError } from '@ringback/protocol';
import { isTrackerRequestError } from './api';

/**
 * What a failed tracker call means to a client of the local API, in the spec's error codes.
 * `notFound` names what a 404 from this call means (`issue_not_found`, `project_not_found`, …);
 * `agent_unavailable` carries the tracker's reason as its message.
 */
export function trackerFailure(error: unknown, notFound?: ErrorCode): RingbackError {
  if (error instanceof RingbackError) return error;
  if (!isTrackerRequestError(error)) {
    return new RingbackError('internal_error', (error as Error).message, { cause: error });
  }
  if (error.retryable) {
    return new RingbackError('tracker_unreachable', error.message, { cause: error });
  }
  if (error.status === 401) {
    return new RingbackError('invalid_tracker_token', 'the tracker refused the token', { cause: error });
  }
  if (error.status === 422 && error.code === 'agent_unavailable') {
    return new RingbackError('agent_unavailable', error.detail ?? 'the agent cannot run now', {
      cause: error,
    });
  }
  if (error.detail === 'workspace not found' || error.detail === 'not a member of this workspace') {
    return new RingbackError('workspace_not_found', 'the token does not reach this workspace', {
      cause: error,
    });
  }
  if (notFound && (error.status === 404 || error.status === 400)) {
    return new RingbackError(notFound, error.detail ?? error.message, { cause: error });
  }
  return new RingbackError('tracker_unreachable', error.message, { cause: error });
}
