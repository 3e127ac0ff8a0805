import { describe, expect, it } from 'vitest';
import { eventIdTime, isEventId, newEventId } from './event-id';

const FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newEventId', () => {
  it('is a lowercase UUIDv7 with version 7 and variant 10', () => {
    const id = newEventId();
    expect(id).toMatch(FORMAT);
    expect(id[14]).toBe('7');
    expect(Number.parseInt(id[19] ?? '', 16) >> 2).toBe(0b10);
    expect(isEventId(id)).toBe(true);
  });

  it('carries the millisecond it was made in', () => {
    const before = Date.now();
    const time = eventIdTime(newEventId());
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(Date.now());
    expect(eventIdTime(newEventId(1_700_000_000_123))).toBe(1_700_000_000_123);
  });

  it('makes 10,000 ids in a tight loop that are unique and already sorted', () => {
    const ids = Array.from({ length: 10_000 }, () => newEventId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('keeps creation order within one millisecond', () => {
    const now = 2 ** 46;
    const ids = Array.from({ length: 1000 }, () => newEventId(now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids.map(eventIdTime))).toEqual(new Set([now]));
  });

  it('stays ordered when the clock steps back a little, and follows a deliberate jump', () => {
    const now = 2 ** 46 + 1_000_000;
    const first = newEventId(now);
    const second = newEventId(now - 5);
    expect(second > first).toBe(true);
    expect(eventIdTime(second)).toBe(now);
    expect(eventIdTime(newEventId(now - 60_000))).toBe(now - 60_000);
  });

  it.each([-1, 2 ** 48, Number.NaN, Number.POSITIVE_INFINITY])('refuses the time %d', (now) => {
    expect(() => newEventId(now)).toThrow(RangeError);
  });
});

describe('eventIdTime', () => {
  it('reads the 48-bit timestamp of an RFC 9562 example', () => {
    // RFC 9562 Appendix A.6: 2022-02-22T19:22:22Z.
    expect(eventIdTime('017F22E2-79B0-7CC3-98C4-DC0C0C07398F')).toBe(0x017f22e279b0);
  });

  it.each(['', 'not-an-id', '017f22e2-79b0-4cc3-98c4-dc0c0c07398f', '017f22e2-79b0-7cc3-c8c4-dc0c0c07398f'])(
    'refuses %j',
    (id) => {
      expect(() => eventIdTime(id)).toThrow(RangeError);
    },
  );
});
