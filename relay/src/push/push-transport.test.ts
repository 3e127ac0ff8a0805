import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './push-transport';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('reads delay-seconds and HTTP dates as ms from now', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});
