import { RingbackError } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { TrackerRequestError } from './api';
import { trackerFailure } from './tracker-failure';

const http = (status: number, extra: { code?: string; detail?: string } = {}) =>
  new TrackerRequestError({ kind: 'http', method: 'GET', path: '/api/x', status, ...extra });

describe('trackerFailure', () => {
  it('speaks the spec’s codes', () => {
    expect(trackerFailure(http(401, { detail: 'invalid token' })).code).toBe('invalid_tracker_token');
    const unavailable = trackerFailure(
      http(422, { code: 'agent_unavailable', detail: 'agent runtime is offline' }),
    );
    expect([unavailable.code, unavailable.message]).toEqual([
      'agent_unavailable',
      'agent runtime is offline',
    ]);
    expect(trackerFailure(http(404, { detail: 'workspace not found' })).code).toBe('workspace_not_found');
    expect(trackerFailure(http(404, { detail: 'issue not found' }), 'issue_not_found').code).toBe(
      'issue_not_found',
    );
    expect(trackerFailure(http(400, { detail: 'project not found' }), 'project_not_found').code).toBe(
      'project_not_found',
    );
  });

  it('calls the tracker unreachable on network errors, 5xx and 429, naming the cause', () => {
    const network = new TrackerRequestError({
      kind: 'network',
      method: 'GET',
      path: '/api/workspaces',
      detail: 'connect ECONNREFUSED 127.0.0.1:8795',
    });
    const failure = trackerFailure(network);
    expect(failure.code).toBe('tracker_unreachable');
    expect(failure.message).toContain('ECONNREFUSED');
    expect(trackerFailure(http(503)).code).toBe('tracker_unreachable');
    expect(trackerFailure(http(429)).code).toBe('tracker_unreachable');
  });

  it('passes our own errors through', () => {
    const own = new RingbackError('tracker_not_configured');
    expect(trackerFailure(own)).toBe(own);
  });
});
