import { describe, expect, it } from 'vitest';
import { isResumedSession, payloadSessionId } from './resumed-session';

describe('isResumedSession', () => {
  it('counts only the session the resume named', () => {
    const env = { RINGBACK_RESUMED_SESSION: 's-1' };
    expect(isResumedSession(env, 's-1')).toBe(true);
    // A session started from a shell the resumed turn left behind inherits the name.
    expect(isResumedSession(env, 's-2')).toBe(false);
    expect(isResumedSession({}, 's-1')).toBe(false);
    expect(isResumedSession({ RINGBACK_RESUMED_SESSION: '' }, 's-1')).toBe(false);
  });

  it('counts a hook that cannot tell its session as resumed, where the resume named one', () => {
    expect(isResumedSession({ RINGBACK_RESUMED_SESSION: 's-1' }, undefined)).toBe(true);
    expect(isResumedSession({}, undefined)).toBe(false);
  });
});

describe('payloadSessionId', () => {
  it("reads the agent's session id, else nothing", () => {
    expect(payloadSessionId('{"session_id":"s-1","thread_id":"t"}')).toBe('s-1');
    expect(payloadSessionId('{"thread_id":"t-1"}')).toBe('t-1');
    for (const input of ['not json', '[]', 'null', '{"session_id":42}', '{"session_id":""}'])
      expect(payloadSessionId(input), input).toBeUndefined();
  });
});
