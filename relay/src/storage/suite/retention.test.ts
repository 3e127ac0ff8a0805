import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { allPending, created, household, manualClock, newEvent } from './store-fixtures';

forEachBackend((backend) => {
  describe('purge', () => {
    it('drops old log entries and ended calls, keeps open calls, and never reuses a seq', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const t0 = clock.now();

      const ended = await created(store, newEvent(accountId, daemon.deviceId)); // seq 1
      const open1 = await created(store, newEvent(accountId, daemon.deviceId)); // seq 2
      await store.setStatus(accountId, ended.event.eventId, 'rejected', phone.deviceId); // seq 3
      clock.advance(60_000);
      const late = await created(store, newEvent(accountId, daemon.deviceId)); // seq 4
      await store.setStatus(accountId, late.event.eventId, 'acknowledged', phone.deviceId); // seq 5

      expect(await store.purge(t0)).toEqual({ logEntries: 0, events: 0, replies: 0 });
      expect(await store.purge(t0 + 1)).toEqual({ logEntries: 3, events: 1, replies: 0 });
      expect(await store.getEvent(accountId, ended.event.eventId)).toBeNull();
      expect(await store.getEvent(accountId, open1.event.eventId)).not.toBeNull();
      expect(await store.getEvent(accountId, late.event.eventId)).not.toBeNull();
      expect(await store.oldestLogSeq(accountId)).toBe(4);
      expect(await store.latestLogSeq(accountId)).toBe(5);
      expect((await store.logSince(accountId, 0, 10)).map((entry) => entry.seq)).toEqual([4, 5]);

      clock.advance(60_000);
      expect(await store.purge(clock.now())).toEqual({ logEntries: 2, events: 1, replies: 0 });
      expect(await store.oldestLogSeq(accountId)).toBeNull();
      expect(await store.latestLogSeq(accountId)).toBe(5);
      expect((await allPending(store, accountId)).map((event) => event.eventId)).toEqual([
        open1.event.eventId,
      ]);

      const next = await created(store, newEvent(accountId, daemon.deviceId));
      expect(next.log.seq).toBe(6);
      expect(await store.oldestLogSeq(accountId)).toBe(6);
    });

    it('lets a purged event id and task id be used again', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const event = newEvent(accountId, daemon.deviceId, { source: 'tracker', taskId: 'LIN-7' });
      await created(store, event);
      await store.setStatus(accountId, event.eventId, 'rejected', phone.deviceId);
      clock.advance(1000);
      expect(
        (await store.insertEvent(newEvent(accountId, daemon.deviceId, { taskId: 'LIN-7' }))).outcome,
      ).toBe('duplicate_task');
      await store.purge(clock.now());
      expect((await store.insertEvent(event)).outcome).toBe('created');
    });
  });
});
