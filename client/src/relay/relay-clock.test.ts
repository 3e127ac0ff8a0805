import { describe, expect, it } from 'vitest';
import { RelayClock } from './relay-clock';

const MINUTE = 60_000;

describe('RelayClock', () => {
  it("learns the relay's time less this device's from an answer's Date header, within a second", async () => {
    for (const phoneAhead of [10 * MINUTE, -10 * MINUTE]) {
      const relayNow = Date.parse('2026-03-01T12:00:00.400Z');
      const clock = new RelayClock(() => relayNow + phoneAhead);
      expect(clock.offset()).toBeNull();
      const fetcher = clock.observing(
        async () => new Response('{}', { headers: { date: new Date(relayNow).toUTCString() } }),
      );
      await fetcher('http://relay.test/v1/events');
      expect(Math.abs((clock.offset() ?? 0) + phoneAhead)).toBeLessThanOrEqual(1_000);
    }
  });

  it('keeps what it knew when an answer has no readable date', () => {
    const clock = new RelayClock(() => 0);
    clock.observe(new Date(5_000).toUTCString(), 0, 0);
    const known = clock.offset();
    clock.observe(null, 0, 0);
    clock.observe('not a date', 0, 0);
    expect(clock.offset()).toBe(known);
  });
});
