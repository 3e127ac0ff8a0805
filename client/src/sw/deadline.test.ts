import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settleWithin } from './deadline';

describe('settleWithin', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives what the work gives in time', async () => {
    await expect(settleWithin(Promise.resolve('read'), 1000, 'fallback')).resolves.toBe('read');
  });

  it('gives the fallback when the work fails', async () => {
    await expect(settleWithin(Promise.reject(new Error('closing')), 1000, 'fallback')).resolves.toBe(
      'fallback',
    );
  });

  it('gives the fallback when the work never settles', async () => {
    const settled = settleWithin(new Promise<string>(() => {}), 1000, 'fallback');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(settled).resolves.toBe('fallback');
  });
});
