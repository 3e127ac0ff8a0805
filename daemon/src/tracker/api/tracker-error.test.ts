import { describe, expect, it } from 'vitest';
import { describeNetworkError, parseErrorBody, TrackerRequestError } from './tracker-error';

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('describeNetworkError', () => {
  it('follows the cause chain that fetch-style wrappers hide the reason in', () => {
    const error = new TypeError('fetch failed', {
      cause: withCode('connect ECONNREFUSED 127.0.0.1:8795', 'ECONNREFUSED'),
    });
    expect(describeNetworkError(error)).toBe('fetch failed: connect ECONNREFUSED 127.0.0.1:8795');
  });

  it('opens an AggregateError with an empty message (dual-stack connect)', () => {
    const error = Object.assign(
      new AggregateError(
        [
          withCode('connect ECONNREFUSED ::1:8795', 'ECONNREFUSED'),
          withCode('connect ECONNREFUSED 127.0.0.1:8795', 'ECONNREFUSED'),
        ],
        '',
      ),
      { code: 'ECONNREFUSED' },
    );
    expect(describeNetworkError(error)).toBe(
      'connect ECONNREFUSED ::1:8795; connect ECONNREFUSED 127.0.0.1:8795',
    );
  });

  it("adds undici's code when the message lacks it, and does not repeat a cause", () => {
    const socket = withCode('other side closed', 'UND_ERR_SOCKET');
    const error = new Error('other side closed', { cause: socket });
    expect(describeNetworkError(error)).toBe('other side closed (UND_ERR_SOCKET)');
    expect(describeNetworkError('boom')).toBe('boom');
  });
});

describe('parseErrorBody', () => {
  it('reads error, code, reason and reason_code', () => {
    expect(parseErrorBody('{"error":"resource changed","code":"revision_conflict"}\n')).toMatchObject({
      code: 'revision_conflict',
      detail: 'resource changed',
    });
    expect(
      parseErrorBody(
        '{"code":"agent_unavailable","reason":"agent has no runtime bound","reason_code":"agent_runtime_required"}',
      ),
    ).toMatchObject({
      code: 'agent_unavailable',
      detail: 'agent has no runtime bound',
      reasonCode: 'agent_runtime_required',
    });
  });

  it('keeps a bounded excerpt of a non-JSON body and nothing for an empty one', () => {
    expect(parseErrorBody('404 page not found\n')).toEqual({ detail: '404 page not found' });
    expect(parseErrorBody('x'.repeat(500)).detail).toHaveLength(200);
    expect(parseErrorBody('')).toEqual({});
  });
});

describe('TrackerRequestError', () => {
  it('is retryable on network errors, 5xx and 429 only', () => {
    const of = (status?: number) =>
      new TrackerRequestError({
        kind: status === undefined ? 'network' : 'http',
        method: 'GET',
        path: '/api/x',
        ...(status === undefined ? {} : { status }),
      });
    expect([of(), of(500), of(503), of(429)].every((error) => error.retryable)).toBe(true);
    expect([of(400), of(401), of(404), of(422)].some((error) => error.retryable)).toBe(false);
  });
});
