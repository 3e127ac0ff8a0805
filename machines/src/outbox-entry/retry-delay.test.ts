import { describe, expect, it } from 'vitest';
import { classifyDelivery } from './classify-delivery';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from './retry-delay';

describe('retryDelayMs', () => {
  it('starts at 1 s and doubles up to 5 min', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 9, 10, 30].map((n) => retryDelayMs(n, none))).toEqual([
      1000, 2000, 4000, 8000, 256000, 300000, 300000,
    ]);
  });

  it('spreads waits by up to 20 % and never beyond 5 min', () => {
    expect(retryDelayMs(1, () => 1)).toBe(1200);
    expect(retryDelayMs(30, () => 1)).toBe(240000);
    for (let i = 0; i < 1000; i++) expect(retryDelayMs(9 + (i % 3))).toBeLessThanOrEqual(MAX_RETRY_DELAY_MS);
  });

  it('stops doubling at a lower longest wait when given one, jittered below it', () => {
    const none = () => 0;
    expect([1, 2, 3, 4, 5, 30].map((n) => retryDelayMs(n, none, 5000))).toEqual([
      1000, 2000, 4000, 5000, 5000, 5000,
    ]);
    expect(retryDelayMs(30, () => 1, 5000)).toBe(4000);
    for (let i = 0; i < 1000; i++)
      expect(retryDelayMs(1 + (i % 6), Math.random, 5000)).toBeLessThanOrEqual(5000);
  });
});

describe('classifyDelivery', () => {
  it.each([
    [{ httpStatus: 201 }, 'delivered'],
    [{ httpStatus: 200 }, 'delivered'],
    [{ httpStatus: 409, errorCode: 'duplicate_task' }, 'delivered'],
    [{ httpStatus: 409, errorCode: 'conflict' }, 'drop'],
    [{ httpStatus: 400 }, 'drop'],
    [{ httpStatus: 401 }, 'drop'],
    [{ httpStatus: 429 }, 'retry'],
    [{ httpStatus: 500 }, 'retry'],
    [{ httpStatus: 503 }, 'retry'],
    ['network_error', 'retry'],
  ] as const)('%j → %s', (result, outcome) => {
    expect(classifyDelivery(result)).toBe(outcome);
  });
});
