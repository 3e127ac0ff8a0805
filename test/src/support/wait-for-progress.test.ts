import { describe, expect, it } from 'vitest';
import { waitForProgress } from './wait-for-progress';

describe('waitForProgress', () => {
  it('waits past its stall deadline for as long as the count keeps growing', async () => {
    let count = 0;
    const timer = setInterval(() => count++, 100);
    const started = Date.now();
    try {
      await waitForProgress(() => count, 15, { stallMs: 800, what: 'the count' });
    } finally {
      clearInterval(timer);
    }
    expect(count).toBeGreaterThanOrEqual(15);
    // 15 steps of 100 ms: well past one stall deadline, and no error.
    expect(Date.now() - started).toBeGreaterThan(800);
  });

  it('fails once the count stops growing for the stall deadline, naming what and how far it got', async () => {
    let count = 0;
    const timer = setInterval(() => {
      if (count < 3) count++;
    }, 10);
    try {
      await expect(waitForProgress(() => count, 10, { stallMs: 150, what: 'the count' })).rejects.toThrow(
        'timed out waiting for the count: 3 of 10, no progress for 150 ms',
      );
    } finally {
      clearInterval(timer);
    }
  });

  it('accepts an async count', async () => {
    let count = 0;
    await waitForProgress(async () => ++count, 5, { stallMs: 1000, what: 'the count' });
    expect(count).toBe(5);
  });
});
