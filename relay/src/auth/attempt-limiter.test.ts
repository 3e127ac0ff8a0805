import { describe, expect, it } from 'vitest';
import { AttemptLimiter } from './attempt-limiter';

describe('AttemptLimiter', () => {
  it('refuses after the limit of failures within the window, and allows again after it', () => {
    let now = 0;
    const limiter = new AttemptLimiter({ limit: 3, windowMs: 1000, now: () => now });
    for (let i = 0; i < 3; i++) {
      expect(limiter.allows('1.2.3.4')).toBe(true);
      limiter.recordFailure('1.2.3.4');
    }
    expect(limiter.allows('1.2.3.4')).toBe(false);
    expect(limiter.allows('5.6.7.8')).toBe(true);
    now = 1001;
    expect(limiter.allows('1.2.3.4')).toBe(true);
  });
});
