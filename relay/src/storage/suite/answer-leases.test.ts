import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { allPending, created, household, manualClock, newEvent, newReply } from './store-fixtures';

/** A lease that lapses at once (0 ms), and one that does not lapse during a test. */
const LAPSED = 0;
const HELD = 3_600_000;
const SWEEP = { limit: 100 };

forEachBackend((backend) => {
  describe('answer leases', () => {
    it('gives a lapsed answered call back to pending once, naming who left it, for another device to answer and reply to', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, LAPSED);
      const before = await store.latestLogSeq(accountId);

      const released = await store.releaseLapsedCalls(SWEEP);
      const unfinishedBy = { deviceId: phone.deviceId, name: "Anna's phone" };
      expect(released).toHaveLength(1);
      expect(released[0]?.event).toMatchObject({
        eventId: event.eventId,
        status: 'pending',
        handledBy: null,
        sealed: event.sealed,
        unfinishedBy,
      });
      expect(released[0]?.log).toMatchObject({ kind: 'status', eventId: event.eventId, seq: before + 1 });
      // Persisted: read back and listed with who left it.
      expect(await store.getEvent(accountId, event.eventId)).toMatchObject({
        status: 'pending',
        unfinishedBy,
      });
      expect((await allPending(store, accountId)).map((call) => call.unfinishedBy)).toEqual([unfinishedBy]);
      // Released once: a second sweep finds nothing and logs nothing.
      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);
      expect(await store.latestLogSeq(accountId)).toBe(before + 1);

      // The device that left it may no longer reply; another device answers and replies.
      expect(
        (await store.insertReply(newReply(accountId, phone.deviceId, 'r-1', event.eventId))).outcome,
      ).toBe('not_answerer');
      const answered = await store.setStatus(accountId, event.eventId, 'answered', tablet.deviceId, HELD);
      expect(answered.outcome).toBe('changed');
      expect(answered.outcome === 'changed' && answered.event.unfinishedBy).toBeUndefined();
      expect((await store.getEvent(accountId, event.eventId))?.unfinishedBy).toBeUndefined();
      expect(
        (await store.insertReply(newReply(accountId, tablet.deviceId, 'r-2', event.eventId))).outcome,
      ).toBe('created');
      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);
    });

    it('keeps a call whose lease holds or was renewed, and renews only for the device that holds it', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const held = await created(store, newEvent(accountId, daemon.deviceId));
      const renewed = await created(store, newEvent(accountId, daemon.deviceId));
      const tablets = await created(store, newEvent(accountId, daemon.deviceId));
      const pending = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, held.event.eventId, 'answered', phone.deviceId, HELD);
      await store.setStatus(accountId, renewed.event.eventId, 'answered', phone.deviceId, LAPSED);
      await store.setStatus(accountId, tablets.event.eventId, 'answered', tablet.deviceId, LAPSED);

      expect(await store.renewLease(accountId, renewed.event.eventId, phone.deviceId, HELD)).toEqual({
        outcome: 'renewed',
      });
      // Each device renews the call it holds, and only that one.
      expect(await store.renewLease(accountId, tablets.event.eventId, tablet.deviceId, HELD)).toEqual({
        outcome: 'renewed',
      });
      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);

      expect(await store.renewLease(accountId, held.event.eventId, tablet.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { handledBy: phone.deviceId, status: 'answered' },
      });
      expect(await store.renewLease(accountId, pending.event.eventId, phone.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { status: 'pending' },
      });
      expect(await store.renewLease(accountId, 'no-such-call', phone.deviceId, HELD)).toEqual({
        outcome: 'not_found',
      });
      // Hung up and writing its reply: still its own, nothing to renew.
      const hungUp = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, hungUp.event.eventId, 'answered', phone.deviceId, HELD);
      await store.setStatus(accountId, hungUp.event.eventId, 'completed', phone.deviceId);
      expect(await store.renewLease(accountId, hungUp.event.eventId, phone.deviceId, HELD)).toEqual({
        outcome: 'renewed',
      });
      expect(await store.renewLease(accountId, hungUp.event.eventId, tablet.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
      });
      const other = await household(store);
      expect(await store.renewLease(other.accountId, held.event.eventId, other.phone.deviceId, HELD)).toEqual(
        {
          outcome: 'not_found',
        },
      );

      // Lapsed by a renewal that asks for none: back to the others.
      await store.renewLease(accountId, held.event.eventId, phone.deviceId, LAPSED);
      expect((await store.releaseLapsedCalls(SWEEP)).map((call) => call.event.eventId)).toEqual([
        held.event.eventId,
      ]);
    });

    it('gives a lapsed call back to the device it was taken from while nobody took it since, as its answer', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, LAPSED);
      expect(await store.releaseLapsedCalls(SWEEP)).toHaveLength(1);
      const before = await store.latestLogSeq(accountId);

      const reclaimed = await store.reclaimCall(accountId, event.eventId, phone.deviceId, HELD);
      expect(reclaimed).toMatchObject({
        outcome: 'changed',
        event: {
          eventId: event.eventId,
          status: 'answered',
          handledBy: phone.deviceId,
          sealed: event.sealed,
        },
        log: { kind: 'status', eventId: event.eventId, seq: before + 1 },
      });
      expect(reclaimed.outcome === 'changed' && reclaimed.event.unfinishedBy).toBeUndefined();
      expect(await store.getEvent(accountId, event.eventId)).toMatchObject({
        status: 'answered',
        handledBy: phone.deviceId,
      });
      expect((await store.getEvent(accountId, event.eventId))?.unfinishedBy).toBeUndefined();
      // Its lease restarted (HELD from now): no sweep gives it back; it renews and replies as before.
      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);
      expect(await store.renewLease(accountId, event.eventId, phone.deviceId, HELD)).toEqual({
        outcome: 'renewed',
      });
      expect(
        (await store.insertReply(newReply(accountId, phone.deviceId, 'r-1', event.eventId))).outcome,
      ).toBe('created');
      // Once its own again, there is nothing to take back.
      expect((await store.reclaimCall(accountId, event.eventId, phone.deviceId, HELD)).outcome).toBe(
        'conflict',
      );
      expect(await store.latestLogSeq(accountId)).toBe(before + 2);
    });

    it('gives a call released by a lapse to whichever device of the account takes it first, whoever it was taken from last', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const twice = await created(store, newEvent(accountId, daemon.deviceId));
      const never = await created(store, newEvent(accountId, daemon.deviceId));
      // The phone answers and lapses, then the tablet answers and lapses: the release names the tablet.
      await store.setStatus(accountId, twice.event.eventId, 'answered', phone.deviceId, LAPSED);
      expect(await store.releaseLapsedCalls(SWEEP)).toHaveLength(1);
      await store.setStatus(accountId, twice.event.eventId, 'answered', tablet.deviceId, LAPSED);
      expect(await store.releaseLapsedCalls(SWEEP)).toHaveLength(1);
      expect(await store.getEvent(accountId, twice.event.eventId)).toMatchObject({
        status: 'pending',
        unfinishedBy: { deviceId: tablet.deviceId },
      });
      const before = await store.latestLogSeq(accountId);

      // The phone, back first, takes it: what answering the pending call would do anyway.
      expect(await store.reclaimCall(accountId, twice.event.eventId, phone.deviceId, HELD)).toMatchObject({
        outcome: 'changed',
        event: { status: 'answered', handledBy: phone.deviceId },
        log: { kind: 'status', eventId: twice.event.eventId, seq: before + 1 },
      });
      expect(await store.renewLease(accountId, twice.event.eventId, phone.deviceId, HELD)).toEqual({
        outcome: 'renewed',
      });
      expect(
        (await store.insertReply(newReply(accountId, phone.deviceId, 'r-1', twice.event.eventId))).outcome,
      ).toBe('created');
      // The tablet, back later, finds it taken: the first wins.
      expect(await store.reclaimCall(accountId, twice.event.eventId, tablet.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { status: 'answered', handledBy: phone.deviceId },
      });
      // A call nobody answered was never given back: there is nothing to take back, only to answer.
      expect(await store.reclaimCall(accountId, never.event.eventId, phone.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { status: 'pending', handledBy: null },
      });
      expect(await store.latestLogSeq(accountId)).toBe(before + 2);
      // A device of another account takes nothing.
      const other = await household(store);
      expect(
        (await store.reclaimCall(accountId, never.event.eventId, other.phone.deviceId, HELD)).outcome,
      ).toBe('device_gone');
    });

    it('does not give a lapsed call back to its device once another device answered or ended it: the first wins', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const answered = await created(store, newEvent(accountId, daemon.deviceId));
      const declined = await created(store, newEvent(accountId, daemon.deviceId));
      const reanswered = await created(store, newEvent(accountId, daemon.deviceId));
      for (const { event } of [answered, declined, reanswered])
        await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, LAPSED);
      expect(await store.releaseLapsedCalls(SWEEP)).toHaveLength(3);
      await store.setStatus(accountId, answered.event.eventId, 'answered', tablet.deviceId, HELD);
      await store.setStatus(accountId, declined.event.eventId, 'rejected', tablet.deviceId);
      // The tablet answered it too, lapsed in turn, and took it back itself.
      await store.setStatus(accountId, reanswered.event.eventId, 'answered', tablet.deviceId, LAPSED);
      expect(await store.releaseLapsedCalls(SWEEP)).toHaveLength(1);
      expect(
        (await store.reclaimCall(accountId, reanswered.event.eventId, tablet.deviceId, HELD)).outcome,
      ).toBe('changed');
      const before = await store.latestLogSeq(accountId);

      expect(await store.reclaimCall(accountId, answered.event.eventId, phone.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { status: 'answered', handledBy: tablet.deviceId },
      });
      expect(await store.reclaimCall(accountId, declined.event.eventId, phone.deviceId, HELD)).toMatchObject({
        outcome: 'conflict',
        event: { status: 'rejected', handledBy: tablet.deviceId },
      });
      expect(
        await store.reclaimCall(accountId, reanswered.event.eventId, phone.deviceId, HELD),
      ).toMatchObject({
        outcome: 'conflict',
        event: { status: 'answered', handledBy: tablet.deviceId },
      });
      expect(await store.latestLogSeq(accountId)).toBe(before);
      // Removed meanwhile: refused as its every other write is.
      await store.removeDevice(accountId, tablet.deviceId);
      expect(await store.reclaimCall(accountId, reanswered.event.eventId, tablet.deviceId, HELD)).toEqual({
        outcome: 'device_gone',
      });
    });

    it('rings a lapsed call afresh with Web Push on', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const pushes = { realertInMs: 25_000, ringWindowMs: 120_000 };
      const { event } = await created(store, newEvent(accountId, daemon.deviceId), pushes);
      await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, LAPSED);
      await store.finishPushSchedule(accountId, event.eventId);
      clock.advance(600_000);

      await store.releaseLapsedCalls({ limit: 10, pushes });
      const due = await store.claimDuePushes(clock.now(), {
        limit: 10,
        realert: { base: 25_000, jitter: 0 },
      });
      expect(due).toMatchObject([
        {
          eventId: event.eventId,
          status: 'pending',
          handledBy: null,
          endsAt: clock.now() + 120_000,
          last: null,
        },
      ]);
    });

    it('releases a removed device’s calls in the removal itself, and refuses its late writes', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const answered = await created(store, newEvent(accountId, daemon.deviceId));
      const completed = await created(store, newEvent(accountId, daemon.deviceId));
      const later = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, answered.event.eventId, 'answered', phone.deviceId, HELD);
      await store.setStatus(accountId, completed.event.eventId, 'answered', phone.deviceId, HELD);
      await store.setStatus(accountId, completed.event.eventId, 'completed', phone.deviceId);
      const before = await store.latestLogSeq(accountId);

      const removed = await store.removeDevice(accountId, phone.deviceId);
      const unfinishedBy = { deviceId: phone.deviceId, name: "Anna's phone" };
      expect(
        removed?.released.map(({ event, log }) => [event.eventId, event.status, event.unfinishedBy, log.seq]),
      ).toEqual([[answered.event.eventId, 'pending', unfinishedBy, before + 1]]);
      // Named as it was called, though it is gone from the account's devices.
      expect(await store.getEvent(accountId, answered.event.eventId)).toMatchObject({
        status: 'pending',
        handledBy: null,
        unfinishedBy,
      });

      // Writes of the removed device that were on their way when it went are refused.
      for (const eventId of [answered.event.eventId, later.event.eventId])
        expect(await store.setStatus(accountId, eventId, 'answered', phone.deviceId)).toEqual({
          outcome: 'device_gone',
        });
      expect(
        await store.insertReply(newReply(accountId, phone.deviceId, 'late', completed.event.eventId)),
      ).toEqual({
        outcome: 'device_gone',
      });
      expect(await store.renewLease(accountId, answered.event.eventId, phone.deviceId, HELD)).toEqual({
        outcome: 'device_gone',
      });
      expect((await store.getEvent(accountId, later.event.eventId))?.status).toBe('pending');
      expect(await store.latestLogSeq(accountId)).toBe(before + 1);

      expect(
        (await store.setStatus(accountId, answered.event.eventId, 'answered', tablet.deviceId)).outcome,
      ).toBe('changed');
    });

    it('purge keeps an answered call whose lease is live, and purges it once its lease ended before the window, not a pending one', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      // On the wall clock: PostgreSQL sets a lease on the database's clock.
      clock.set(Date.now());
      const answered = await created(store, newEvent(accountId, daemon.deviceId));
      const pending = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, answered.event.eventId, 'answered', phone.deviceId, HELD);
      const t0 = clock.now();
      clock.advance(60_000);

      expect((await store.purge(t0)).events).toBe(0);
      // A missed call answered now, though it arrived before the window: its lease is live, kept.
      expect((await store.purge(t0 + 1)).events).toBe(0);
      expect((await store.getEvent(accountId, answered.event.eventId))?.status).toBe('answered');
      // Its lease ended before the window (the margin covers a slow machine between t0 and the answer).
      expect((await store.purge(t0 + HELD + 600_000)).events).toBe(1);
      expect(await store.getEvent(accountId, answered.event.eventId)).toBeNull();
      expect((await store.getEvent(accountId, pending.event.eventId))?.status).toBe('pending');
    });

    it('a call its answerer already replied to is not returned, on lapse or on removal', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const lapsed = await created(store, newEvent(accountId, daemon.deviceId));
      const removed = await created(store, newEvent(accountId, daemon.deviceId));
      // Answered and replied to; the `completed` write was lost.
      await store.setStatus(accountId, lapsed.event.eventId, 'answered', phone.deviceId, LAPSED);
      await store.setStatus(accountId, removed.event.eventId, 'answered', phone.deviceId, HELD);
      for (const [replyId, { event }] of [
        ['r-lapsed', lapsed],
        ['r-removed', removed],
      ] as const)
        expect(
          (await store.insertReply(newReply(accountId, phone.deviceId, replyId, event.eventId))).outcome,
        ).toBe('created');
      const before = await store.latestLogSeq(accountId);

      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);
      expect((await store.removeDevice(accountId, phone.deviceId))?.released).toEqual([]);
      expect(await store.releaseCallsOf(accountId, phone.deviceId)).toEqual([]);
      expect(await store.releaseLapsedCalls(SWEEP)).toEqual([]);
      expect(await store.latestLogSeq(accountId)).toBe(before);
      for (const { event } of [lapsed, removed]) {
        expect(await store.getEvent(accountId, event.eventId)).toMatchObject({
          status: 'answered',
          handledBy: phone.deviceId,
        });
        // No second answer, so no second reply.
        expect(
          (await store.setStatus(accountId, event.eventId, 'answered', tablet.deviceId, HELD)).outcome,
        ).toBe('conflict');
      }
    });

    it('a returned call forgets which devices asked for quiet on its first ring, on lapse and on removal', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const pushes = { realertInMs: 25_000, ringWindowMs: 120_000 };
      const lapsed = await created(store, newEvent(accountId, daemon.deviceId), pushes);
      const removed = await created(store, newEvent(accountId, daemon.deviceId), pushes);
      for (const { event } of [lapsed, removed])
        expect(await store.quietCall(accountId, event.eventId, tablet.deviceId)).toBe(true);
      await store.setStatus(accountId, lapsed.event.eventId, 'answered', phone.deviceId, LAPSED);
      await store.setStatus(accountId, removed.event.eventId, 'answered', phone.deviceId, HELD);

      expect(
        (await store.releaseLapsedCalls({ limit: 10, pushes })).map((call) => call.event.eventId),
      ).toEqual([lapsed.event.eventId]);
      expect(await store.quietDevices(accountId, lapsed.event.eventId)).toEqual([]);
      expect(await store.quietDevices(accountId, removed.event.eventId)).toEqual([tablet.deviceId]);
      expect((await store.removeDevice(accountId, phone.deviceId, pushes))?.released).toHaveLength(1);
      expect(await store.quietDevices(accountId, removed.event.eventId)).toEqual([]);
    });
  });
});
