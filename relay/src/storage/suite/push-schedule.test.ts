import { describe, expect, it } from 'vitest';
import type { RelayStore } from '../relay-store';
import { forEachBackend } from './backends';
import { created, household, manualClock, newEvent } from './store-fixtures';

const STEADY = { limit: 100, realert: { base: 25_000, jitter: 0 } };

forEachBackend((backend) => {
  /** An account with `count` calls, each with a schedule due at `nextAt` and ending at `endsAt`. */
  async function scheduledCalls(store: RelayStore, count: number, times: { nextAt: number; endsAt: number }) {
    const home = await household(store);
    const eventIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const { event } = await created(store, newEvent(home.accountId, home.daemon.deviceId));
      await store.startPushSchedule(home.accountId, event.eventId, times);
      eventIds.push(event.eventId);
    }
    return { ...home, eventIds };
  }

  describe('re-alert schedule', () => {
    it('hands a call out when it is due, then again a re-alert later', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, 1, {
        nextAt: t0 + 25_000,
        endsAt: t0 + 120_000,
      });

      expect(await store.claimDuePushes(t0 + 24_999, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 25_000, STEADY)).toEqual([
        { accountId, eventId: eventIds[0], status: 'pending', endsAt: t0 + 120_000 },
      ]);
      // Claimed: moved on 25 s from the claim, so nobody gets it again meanwhile.
      expect(await store.claimDuePushes(t0 + 25_000, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 49_999, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 50_000, STEADY)).toHaveLength(1);
    });

    it('is never moved past the end of its ring window, so the missed call is told on time', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { eventIds } = await scheduledCalls(store, 1, { nextAt: t0 + 100_000, endsAt: t0 + 120_000 });
      expect(await store.claimDuePushes(t0 + 100_000, STEADY)).toHaveLength(1);
      expect(await store.claimDuePushes(t0 + 119_999, STEADY)).toEqual([]);
      const [due] = await store.claimDuePushes(t0 + 120_000, STEADY);
      expect(due).toMatchObject({ eventId: eventIds[0], endsAt: t0 + 120_000 });
    });

    it('moves each claimed call on by the re-alert with a jitter of its own, within its bounds', async () => {
      const clock = manualClock();
      const { store, rows } = await backend.openInspectable(clock.now);
      const t0 = clock.now();
      await scheduledCalls(store, 40, { nextAt: t0, endsAt: t0 + 10 * 60_000 });
      const claimed = await store.claimDuePushes(t0, {
        limit: 100,
        realert: { base: 25_000, jitter: 5_000 },
      });
      expect(claimed).toHaveLength(40);
      const delays = (await rows('push_schedule')).map((row) => Number(row.next_at) - t0);
      expect(delays).toHaveLength(40);
      for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(20_000);
      for (const delay of delays) expect(delay).toBeLessThanOrEqual(30_000);
      expect(new Set(delays).size).toBeGreaterThan(1);
    });

    it('says what became of the call; a purged call’s schedule goes with it', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, phone, eventIds } = await scheduledCalls(store, 2, { nextAt: t0, endsAt: t0 + 1 });
      const [answered, rejected] = eventIds as [string, string];
      await store.setStatus(accountId, answered, 'answered', phone.deviceId);
      await store.setStatus(accountId, rejected, 'rejected', phone.deviceId);
      clock.advance(1000);
      // A week later the ended call is purged, and its schedule with it.
      expect(await store.purge(clock.now())).toMatchObject({ events: 1 });
      expect(await store.claimDuePushes(clock.now(), STEADY)).toEqual([
        { accountId, eventId: answered, status: 'answered', endsAt: t0 + 1 },
      ]);
    });

    it('starts a schedule once: a second start leaves the first as it was', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, 1, { nextAt: t0, endsAt: t0 + 120_000 });
      await store.startPushSchedule(accountId, eventIds[0] as string, {
        nextAt: t0 + 50_000,
        endsAt: t0 + 1,
      });
      expect(await store.claimDuePushes(t0, STEADY)).toEqual([
        { accountId, eventId: eventIds[0], status: 'pending', endsAt: t0 + 120_000 },
      ]);
    });

    it('hands out at most `limit` calls at a time, the longest due first', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, daemon } = await household(store);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { event } = await created(store, newEvent(accountId, daemon.deviceId));
        await store.startPushSchedule(accountId, event.eventId, {
          nextAt: t0 - i * 1000,
          endsAt: t0 + 60_000,
        });
        ids.push(event.eventId);
      }
      const first = await store.claimDuePushes(t0, { ...STEADY, limit: 2 });
      expect(first.map((due) => due.eventId).sort()).toEqual([ids[4], ids[3]].sort());
      const rest = await store.claimDuePushes(t0, { ...STEADY, limit: 10 });
      expect(rest.map((due) => due.eventId).sort()).toEqual([ids[0], ids[1], ids[2]].sort());
    });

    it('gives each due call to exactly one of many claims racing for it', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { eventIds } = await scheduledCalls(store, 30, { nextAt: t0, endsAt: t0 + 120_000 });
      // On PostgreSQL each store has a pool of its own, as each relay instance does.
      const stores = backend.name === 'postgres' ? [store, await backend.open(clock.now)] : [store];
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          stores[i % stores.length]?.claimDuePushes(t0, { ...STEADY, limit: 7 }),
        ),
      );
      const again = await store.claimDuePushes(t0, { ...STEADY, limit: 100 });
      const claimed = [...claims.flatMap((batch) => batch ?? []), ...again].map((due) => due.eventId);
      expect(claimed.sort()).toEqual([...eventIds].sort());
    });

    it('ends a schedule for exactly one caller, after which nothing is due', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, 1, { nextAt: t0, endsAt: t0 + 120_000 });
      const eventId = eventIds[0] as string;
      const stores = backend.name === 'postgres' ? [store, await backend.open(clock.now)] : [store];
      const ends = await Promise.all(
        Array.from({ length: 6 }, (_, i) => stores[i % stores.length]?.endPushSchedule(accountId, eventId)),
      );
      expect(ends.filter(Boolean)).toHaveLength(1);
      expect(await store.endPushSchedule(accountId, eventId)).toBe(false);
      expect(await store.claimDuePushes(t0 + 600_000, STEADY)).toEqual([]);
      expect(await store.endPushSchedule(accountId, 'no-such-event')).toBe(false);
    });
  });
});
