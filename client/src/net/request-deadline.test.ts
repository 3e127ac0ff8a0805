import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  eitherSignal,
  endpointAt,
  isRequestTimeout,
  RequestTimeoutError,
  requestTimeoutIn,
  startDeadline,
} from './request-deadline';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const VOICE = 'the voice platform at tts.example.com';

describe('startDeadline', () => {
  it('aborts with a timeout that names the endpoint once its time has run out, not before', () => {
    const deadline = startDeadline({ ms: 20_000, endpoint: VOICE });
    vi.advanceTimersByTime(19_999);
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.expired).toBeNull();
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(deadline.expired);
    expect(deadline.expired?.message).toBe(
      'the voice platform at tts.example.com did not answer within 20 s',
    );
    expect(deadline.expired).toMatchObject({ endpoint: VOICE, ms: 20_000, timedOut: true });
  });

  it("lets the caller's own abort through with its reason, which is not a timeout", () => {
    const caller = new AbortController();
    const deadline = startDeadline({ ms: 20_000, endpoint: VOICE, signal: caller.signal });
    const reason = new DOMException('hung up', 'AbortError');
    caller.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    vi.advanceTimersByTime(60_000);
    expect(deadline.expired).toBeNull();
  });

  it('starts aborted when the caller already gave up', () => {
    const caller = new AbortController();
    caller.abort('gone');
    const deadline = startDeadline({ ms: 1000, endpoint: VOICE, signal: caller.signal });
    expect(deadline.signal.reason).toBe('gone');
    vi.advanceTimersByTime(5000);
    expect(deadline.expired).toBeNull();
  });

  it('counts afresh on restart, and says the endpoint stalled when it had started answering', () => {
    const deadline = startDeadline({ ms: 30_000, endpoint: 'the model endpoint at llm.test' });
    vi.advanceTimersByTime(29_000);
    deadline.restart(20_000, { stalled: true });
    vi.advanceTimersByTime(19_000);
    deadline.restart(20_000, { stalled: true });
    vi.advanceTimersByTime(19_999);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.expired?.message).toBe('the model endpoint at llm.test stopped answering for 20 s');
  });

  it('stops counting on clear, and the caller can still abort afterwards', () => {
    const caller = new AbortController();
    const deadline = startDeadline({ ms: 1000, endpoint: VOICE, signal: caller.signal });
    deadline.clear();
    vi.advanceTimersByTime(10_000);
    expect(deadline.signal.aborted).toBe(false);
    caller.abort('stop');
    expect(deadline.signal.reason).toBe('stop');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('eitherSignal without AbortSignal.any (older browsers)', () => {
  it('aborts with the reason of whichever aborts first', () => {
    vi.stubGlobal(
      'AbortSignal',
      Object.assign(() => {}, { any: undefined }),
    );
    const first = new AbortController();
    const second = new AbortController();
    const either = eitherSignal(first.signal, second.signal);
    second.abort('second');
    first.abort('first');
    expect(either.reason).toBe('second');
    const already = new AbortController();
    already.abort('early');
    expect(eitherSignal(new AbortController().signal, already.signal).reason).toBe('early');
  });

  it('still times out and still lets the caller abort', () => {
    vi.stubGlobal(
      'AbortSignal',
      Object.assign(() => {}, { any: undefined }),
    );
    const timed = startDeadline({ ms: 1000, endpoint: VOICE, signal: new AbortController().signal });
    vi.advanceTimersByTime(1000);
    expect(isRequestTimeout(timed.signal.reason)).toBe(true);
    const caller = new AbortController();
    const aborted = startDeadline({ ms: 1000, endpoint: VOICE, signal: caller.signal });
    caller.abort('mine');
    expect(aborted.signal.reason).toBe('mine');
  });
});

describe('naming', () => {
  it('names an endpoint by its host, port included', () => {
    expect(endpointAt('the relay', 'https://relay.example.com/v1/events/e1/replies')).toBe(
      'the relay at relay.example.com',
    );
    expect(endpointAt('the voice platform', 'http://192.168.1.5:9880/tts')).toBe(
      'the voice platform at 192.168.1.5:9880',
    );
    expect(endpointAt('the model endpoint', 'not a url')).toBe('the model endpoint at not a url');
  });

  it('finds a timeout wrapped as the cause of another error', () => {
    const timeout = new RequestTimeoutError(VOICE, 1500);
    expect(timeout.message).toBe(`${VOICE} did not answer within 1.5 s`);
    const wrapped = new Error('voice service unavailable', { cause: new Error('x', { cause: timeout }) });
    expect(requestTimeoutIn(wrapped)).toBe(timeout);
    expect(requestTimeoutIn(new Error('other'))).toBeUndefined();
    expect(isRequestTimeout({ timedOut: true })).toBe(true);
    expect(isRequestTimeout(new Error('x'))).toBe(false);
  });
});
