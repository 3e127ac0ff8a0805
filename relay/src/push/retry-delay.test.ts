import { describe, expect, it } from 'vitest';
import { PUSH_BACKOFF, retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  const middle = () => 0.5;

  it('doubles from the base after each failure, up to the ceiling', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7].map((failures) => retryDelayMs(failures, null, PUSH_BACKOFF, middle)),
    ).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('spreads each wait by the jitter either way', () => {
    expect(retryDelayMs(2, null, PUSH_BACKOFF, () => 0)).toBe(1600);
    expect(retryDelayMs(2, null, PUSH_BACKOFF, () => 0.999_999)).toBe(2400);
  });

  it('waits what the push service asked for when it said', () => {
    expect(retryDelayMs(1, 7000, PUSH_BACKOFF, middle)).toBe(7000);
    expect(retryDelayMs(5, 0, PUSH_BACKOFF, middle)).toBe(0);
  });
});
