import { describe, expect, it } from 'vitest';
import type { RelayStore } from '../relay-store';
import { forEachBackend } from './backends';
import { created, household, manualClock, newEvent } from './store-fixtures';

const STEADY = { limit: 100, realert: { base: 25_000, jitter: 0 } };

forEachBackend((backend) => {
  /**
   * An account with `count` calls stored at the clock's now (`t0`), each with the push schedule
   * written with it: due at `nextAt`, its ring window ending at `endsAt`.
   */
  async function scheduledCalls(
    store: RelayStore,
    t0: number,
    count: number,
    times: { nextAt: number; endsAt: number },
  ) {
    const home = await household(store);
    const eventIds: string[] = [];
    const pushes = { realertInMs: times.nextAt - t0, ringWindowMs: times.endsAt - t0 };
    for (let i = 0; i < count; i++) {
      const { event } = await created(store, newEvent(home.accountId, home.daemon.deviceId), pushes);
      eventIds.push(event.eventId);
    }
    return { ...home, eventIds };
  }

  const ringing = (accountId: string, eventId: string | undefined, endsAt: number) => ({
    accountId,
    eventId,
    status: 'pending',
    handledBy: null,
    endsAt,
    last: null,
  });

  describe('re-alert schedule', () => {
    it('is stored with the call: a call stored is found due with nobody starting its schedule', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, daemon } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId), {
        realertInMs: 25_000,
        ringWindowMs: 120_000,
      });
      // Push off: a call stored without pushes gets no schedule.
      await created(store, newEvent(accountId, daemon.deviceId));
      expect(await store.claimDuePushes(t0 + 24_999, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 25_000, STEADY)).toEqual([
        ringing(accountId, event.eventId, t0 + 120_000),
      ]);
      // A repeated insert (the daemon's retry) leaves the schedule as it was.
      await store.insertEvent(event, { realertInMs: 0, ringWindowMs: 1 });
      expect(await store.claimDuePushes(t0 + 25_000, STEADY)).toEqual([]);
    });

    it('hands a call out when it is due, then again a re-alert later', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, t0, 1, {
        nextAt: t0 + 25_000,
        endsAt: t0 + 120_000,
      });

      expect(await store.claimDuePushes(t0 + 24_999, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 25_000, STEADY)).toEqual([
        ringing(accountId, eventIds[0], t0 + 120_000),
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
      const { eventIds } = await scheduledCalls(store, t0, 1, { nextAt: t0 + 100_000, endsAt: t0 + 120_000 });
      expect(await store.claimDuePushes(t0 + 100_000, STEADY)).toHaveLength(1);
      expect(await store.claimDuePushes(t0 + 119_999, STEADY)).toEqual([]);
      const [due] = await store.claimDuePushes(t0 + 120_000, STEADY);
      expect(due).toMatchObject({ eventId: eventIds[0], endsAt: t0 + 120_000 });
    });

    it('moves each claimed call on by the re-alert with a jitter of its own, within its bounds', async () => {
      const clock = manualClock();
      const { store, rows } = await backend.openInspectable(clock.now);
      const t0 = clock.now();
      await scheduledCalls(store, t0, 40, { nextAt: t0, endsAt: t0 + 10 * 60_000 });
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

    it('says what became of the call and who has it; a purged call’s schedule goes with it', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, daemon, phone, eventIds } = await scheduledCalls(store, t0, 1, {
        nextAt: t0,
        endsAt: t0 + 1,
      });
      const [rejected] = eventIds as [string];
      await store.setStatus(accountId, rejected, 'rejected', phone.deviceId);
      clock.advance(1000);
      const t1 = clock.now();
      const { event } = await created(store, newEvent(accountId, daemon.deviceId), {
        realertInMs: 0,
        ringWindowMs: 1,
      });
      const answered = event.eventId;
      await store.setStatus(accountId, answered, 'answered', phone.deviceId);
      clock.advance(1000);
      // Past the retention window of the ended call (not of the answered one, received later):
      // the ended call is purged, and its schedule with it.
      expect(await store.purge(t1)).toMatchObject({ events: 1 });
      expect(await store.claimDuePushes(clock.now(), STEADY)).toEqual([
        {
          accountId,
          eventId: answered,
          status: 'answered',
          handledBy: phone.deviceId,
          endsAt: t1 + 1,
          last: null,
        },
      ]);
    });

    it('hands out at most `limit` calls at a time, the longest due first', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, daemon } = await household(store);
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { event } = await created(store, newEvent(accountId, daemon.deviceId), {
          realertInMs: -i * 1000,
          ringWindowMs: 60_000,
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
      const { eventIds } = await scheduledCalls(store, t0, 30, { nextAt: t0, endsAt: t0 + 120_000 });
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
  });

  describe('last push', () => {
    it('marks a schedule ending: due at once with its kind, and again a re-alert later until finished', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, phone, eventIds } = await scheduledCalls(store, t0, 1, {
        nextAt: t0 + 25_000,
        endsAt: t0 + 120_000,
      });
      const eventId = eventIds[0] as string;
      await store.setStatus(accountId, eventId, 'answered', phone.deviceId);
      const last = { kind: 'ended' as const, until: t0 + 300_000 };
      expect(await store.markPushEnding(accountId, eventId, { ...last, nextAt: t0 + 1000 })).toBe(true);
      expect(await store.claimDuePushes(t0 + 999, STEADY)).toEqual([]);
      const ending = {
        accountId,
        eventId,
        status: 'answered',
        handledBy: phone.deviceId,
        endsAt: t0 + 120_000,
        last,
      };
      expect(await store.claimDuePushes(t0 + 1000, STEADY)).toEqual([ending]);
      // Not delivered (its claimer died, or the push service failed): it comes round again, a
      // re-alert later, however near the ring window's end is.
      expect(await store.claimDuePushes(t0 + 25_999, STEADY)).toEqual([]);
      expect(await store.claimDuePushes(t0 + 26_000, STEADY)).toEqual([ending]);
      expect(await store.finishPushSchedule(accountId, eventId)).toBe(true);
      expect(await store.finishPushSchedule(accountId, eventId)).toBe(false);
      expect(await store.claimDuePushes(t0 + 600_000, STEADY)).toEqual([]);
      // No schedule left: nothing to mark.
      expect(await store.markPushEnding(accountId, eventId, { ...last, nextAt: t0 })).toBe(false);
    });

    it('leaves a claimed last push to its claimer for the lease, not a re-alert, so a slow send is not doubled', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, phone, eventIds } = await scheduledCalls(store, t0, 2, {
        nextAt: t0 + 1000,
        endsAt: t0 + 120_000,
      });
      const [ended, ringing] = eventIds as [string, string];
      await store.setStatus(accountId, ended, 'answered', phone.deviceId);
      await store.markPushEnding(accountId, ended, { kind: 'ended', nextAt: t0, until: t0 + 300_000 });
      const leased = { limit: 100, realert: { base: 1000, jitter: 0 }, lastLeaseMs: 15_000 };
      const ids = async (at: number) =>
        (await store.claimDuePushes(at, leased)).map((due) => due.eventId).sort();
      expect(await ids(t0 + 1000)).toEqual([ended, ringing].sort());
      // The ringing call re-alerts a re-alert later; the last push waits out its lease.
      expect(await ids(t0 + 2000)).toEqual([ringing]);
      expect(await ids(t0 + 15_999)).toEqual([ringing]);
      expect(await ids(t0 + 16_000)).toEqual([ended]);
    });

    it('marks again with the newest kind: a call missed, then answered, ends as ended', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, t0, 1, { nextAt: t0, endsAt: t0 + 1 });
      const eventId = eventIds[0] as string;
      await store.markPushEnding(accountId, eventId, {
        kind: 'missed',
        nextAt: t0 + 50_000,
        until: t0 + 60_000,
      });
      await store.markPushEnding(accountId, eventId, { kind: 'ended', nextAt: t0, until: t0 + 70_000 });
      const [due] = await store.claimDuePushes(t0, STEADY);
      expect(due?.last).toEqual({ kind: 'ended', until: t0 + 70_000 });
    });
    it('marks `missed` only where no last push is set, and finishes a kind only while it is the mark', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, eventIds } = await scheduledCalls(store, t0, 1, { nextAt: t0, endsAt: t0 + 1 });
      const eventId = eventIds[0] as string;
      const ended = { kind: 'ended' as const, nextAt: t0, until: t0 + 70_000 };
      expect(await store.markPushEnding(accountId, eventId, ended)).toBe(true);
      // Answered as its window closed: the missed call's mark, decided late, leaves `ended` be.
      const missed = { kind: 'missed' as const, nextAt: t0 + 50_000, until: t0 + 60_000 };
      expect(await store.markPushEnding(accountId, eventId, missed)).toBe(false);
      const [due] = await store.claimDuePushes(t0, STEADY);
      expect(due?.last).toEqual({ kind: 'ended', until: t0 + 70_000 });
      // A `missed` that settled after `ended` was marked does not finish the row; `ended` does.
      expect(await store.finishPushSchedule(accountId, eventId, 'missed')).toBe(false);
      expect(await store.finishPushSchedule(accountId, eventId, 'ended')).toBe(true);
      expect(await store.claimDuePushes(t0 + 600_000, STEADY)).toEqual([]);
    });
    it('rings a call released back to pending afresh: its schedule due at once, unmarked, a new window; made again if finished', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, phone, eventIds } = await scheduledCalls(store, t0, 2, {
        nextAt: t0 + 25_000,
        endsAt: t0 + 120_000,
      });
      const [marked, finished] = eventIds as [string, string];
      for (const eventId of eventIds) await store.setStatus(accountId, eventId, 'answered', phone.deviceId);
      const ended = { kind: 'ended' as const, nextAt: t0 + 1000, until: t0 + 300_000 };
      await store.markPushEnding(accountId, marked, ended);
      await store.markPushEnding(accountId, finished, ended);
      expect(await store.finishPushSchedule(accountId, finished, 'ended')).toBe(true);

      clock.set(t0 + 200_000);
      const released = await store.releaseCallsOf(accountId, phone.deviceId, {
        realertInMs: 25_000,
        ringWindowMs: 120_000,
      });
      expect(released.map(({ event }) => event.eventId).sort()).toEqual([...eventIds].sort());
      const due = await store.claimDuePushes(t0 + 200_000, STEADY);
      const byId = (eventId: string) => due.find((call) => call.eventId === eventId);
      expect(byId(marked)).toEqual(ringing(accountId, marked, t0 + 320_000));
      expect(byId(finished)).toEqual(ringing(accountId, finished, t0 + 320_000));
    });

    it('leaves the schedule alone when a call is released with Web Push off', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const t0 = clock.now();
      const { accountId, phone, eventIds } = await scheduledCalls(store, t0, 1, {
        nextAt: t0 + 25_000,
        endsAt: t0 + 120_000,
      });
      const eventId = eventIds[0] as string;
      await store.setStatus(accountId, eventId, 'answered', phone.deviceId);
      await store.releaseCallsOf(accountId, phone.deviceId);
      expect(await store.claimDuePushes(t0 + 24_999, STEADY)).toEqual([]);
    });
  });

  describe('quiet devices', () => {
    it('records a device that wants no more re-alerts of a call, once, and only for a call of the account', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, phone, tablet, daemon } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      const other = await created(store, newEvent(accountId, daemon.deviceId));
      expect(await store.quietDevices(accountId, event.eventId)).toEqual([]);
      expect(await store.quietCall(accountId, event.eventId, phone.deviceId)).toBe(true);
      expect(await store.quietCall(accountId, event.eventId, phone.deviceId)).toBe(true);
      expect(await store.quietCall(accountId, event.eventId, tablet.deviceId)).toBe(true);
      expect(await store.quietDevices(accountId, event.eventId)).toEqual(
        [phone.deviceId, tablet.deviceId].sort(),
      );
      expect(await store.quietDevices(accountId, other.event.eventId)).toEqual([]);

      const elsewhere = await household(store);
      expect(await store.quietCall(elsewhere.accountId, event.eventId, elsewhere.phone.deviceId)).toBe(false);
      expect(await store.quietCall(accountId, 'no-such-event', phone.deviceId)).toBe(false);
      expect(await store.quietDevices(elsewhere.accountId, event.eventId)).toEqual([]);
    });

    it('go with the call when it is purged', async () => {
      const clock = manualClock();
      const { store, rows } = await backend.openInspectable(clock.now);
      const { accountId, phone, daemon } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      await store.quietCall(accountId, event.eventId, phone.deviceId);
      await store.setStatus(accountId, event.eventId, 'rejected', phone.deviceId);
      clock.advance(1000);
      expect(await store.purge(clock.now())).toMatchObject({ events: 1 });
      expect(await rows('push_quiet')).toEqual([]);
      expect(await store.quietDevices(accountId, event.eventId)).toEqual([]);
    });
  });
});
