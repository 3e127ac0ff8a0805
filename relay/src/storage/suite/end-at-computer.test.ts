import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { created, device, household, manualClock, newEvent, newReply } from './store-fixtures';

forEachBackend((backend) => {
  describe('endAtComputer', () => {
    it('ends a pending call completed by the daemon that posted it, erasing its ciphertext; a repeat is a no-op', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));

      clock.advance(1000);
      const ended = new Date(clock.now()).toISOString();
      const done = {
        ...event,
        status: 'completed',
        handledBy: daemon.deviceId,
        sealed: null,
        endedAt: ended,
      };
      expect(await store.endAtComputer(accountId, event.eventId, daemon.deviceId)).toEqual({
        outcome: 'changed',
        event: done,
        log: { accountId, seq: 2, kind: 'status', eventId: event.eventId, createdAt: ended },
      });
      expect(await store.getEvent(accountId, event.eventId)).toEqual(done);

      clock.advance(1000);
      expect(await store.endAtComputer(accountId, event.eventId, daemon.deviceId)).toEqual({
        outcome: 'unchanged',
        event: done,
      });
      expect(await store.latestLogSeq(accountId)).toBe(2);
    });

    it('takes an answered call from the phone in it, whose lease then never gives it back', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId, 60_000);

      const ended = await store.endAtComputer(accountId, event.eventId, daemon.deviceId);
      expect(ended.outcome === 'changed' && ended.event).toMatchObject({
        status: 'completed',
        handledBy: daemon.deviceId,
        sealed: null,
      });
      // The phone's decision comes too late: it no longer holds the call.
      expect(await store.insertReply(newReply(accountId, phone.deviceId, 'r-late', event.eventId))).toEqual({
        outcome: 'not_answerer',
        handledBy: daemon.deviceId,
      });
      expect((await store.setStatus(accountId, event.eventId, 'completed', phone.deviceId)).outcome).toBe(
        'conflict',
      );
      clock.advance(120_000);
      expect(await store.releaseLapsedCalls({ limit: 10 })).toEqual([]);
      expect((await store.getEvent(accountId, event.eventId))?.status).toBe('completed');
    });

    it('refuses a call whose reply was taken, or that ended otherwise', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await household(store);

      const replied = (await created(store, newEvent(accountId, daemon.deviceId))).event;
      await store.setStatus(accountId, replied.eventId, 'answered', phone.deviceId);
      await store.insertReply(newReply(accountId, phone.deviceId, 'r-1', replied.eventId));
      const refused = await store.endAtComputer(accountId, replied.eventId, daemon.deviceId);
      expect(refused).toMatchObject({ outcome: 'conflict', event: { status: 'answered' } });

      for (const status of ['rejected', 'acknowledged', 'completed'] as const) {
        const call = (await created(store, newEvent(accountId, daemon.deviceId))).event;
        if (status === 'completed')
          await store.setStatus(accountId, call.eventId, 'answered', phone.deviceId);
        await store.setStatus(accountId, call.eventId, status, phone.deviceId);
        const result = await store.endAtComputer(accountId, call.eventId, daemon.deviceId);
        expect(result, status).toMatchObject({
          outcome: 'conflict',
          event: { status, handledBy: phone.deviceId },
        });
      }
    });

    it("answers not found for an unknown call, another daemon's call, and another account's", async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      const desktop = await store.addDevice(accountId, device('daemon', 'desktop'));
      const other = await store.createAccount(device('daemon', 'elsewhere'));
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));

      expect(await store.endAtComputer(accountId, 'no-such-event', daemon.deviceId)).toEqual({
        outcome: 'not_found',
      });
      expect(await store.endAtComputer(accountId, event.eventId, desktop.deviceId)).toEqual({
        outcome: 'not_found',
      });
      expect(await store.endAtComputer(other.accountId, event.eventId, other.deviceId)).toEqual({
        outcome: 'not_found',
      });
      expect((await store.getEvent(accountId, event.eventId))?.status).toBe('pending');
    });

    it('refuses a removed daemon', async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      await store.removeDevice(accountId, daemon.deviceId);
      expect(await store.endAtComputer(accountId, event.eventId, daemon.deviceId)).toEqual({
        outcome: 'device_gone',
      });
    });

    it('lets exactly one of a reply and an end racing on an answered call through', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await household(store);
      for (let round = 0; round < 8; round += 1) {
        const { event } = await created(store, newEvent(accountId, daemon.deviceId));
        await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId);
        const [reply, end] = await Promise.all([
          store.insertReply(newReply(accountId, phone.deviceId, `r-${round}`, event.eventId)),
          store.endAtComputer(accountId, event.eventId, daemon.deviceId),
        ]);
        const through = [reply.outcome === 'created', end.outcome === 'changed'];
        expect(through.filter(Boolean), `round ${round}`).toHaveLength(1);
      }
    });
  });
});
