import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { allPending, created, household, manualClock, newEvent } from './store-fixtures';

forEachBackend((backend) => {
  describe('pendingEvents', () => {
    it('lists pending and answered calls in the order received, whatever the clock said', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone } = await household(store);
      const first = await created(store, newEvent(accountId, daemon.deviceId));
      const second = await created(store, newEvent(accountId, daemon.deviceId));
      // The clock stepped back: the call still came after the others, and a cursor past them
      // must not skip it.
      clock.advance(-5000);
      const third = await created(store, newEvent(accountId, daemon.deviceId));
      clock.advance(10_000);
      const ended = await created(store, newEvent(accountId, daemon.deviceId));
      await store.setStatus(accountId, second.event.eventId, 'answered', phone.deviceId);
      await store.setStatus(accountId, ended.event.eventId, 'rejected', phone.deviceId);

      const pending = await allPending(store, accountId);
      expect(pending.map((event) => [event.eventId, event.status])).toEqual([
        [first.event.eventId, 'pending'],
        [second.event.eventId, 'answered'],
        [third.event.eventId, 'pending'],
      ]);
      expect(await allPending(store, accountId, 1)).toEqual(pending);
    });

    it('pages by limit, with a cursor only while more follow', async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++)
        ids.push((await created(store, newEvent(accountId, daemon.deviceId))).event.eventId);

      const first = await store.pendingEvents(accountId, { afterSeq: 0, limit: 4 });
      expect(first.events.map((event) => event.eventId)).toEqual(ids.slice(0, 4));
      expect(first.next).toEqual(expect.any(Number));
      const second = await store.pendingEvents(accountId, { afterSeq: first.next ?? 0, limit: 4 });
      expect(second.events.map((event) => event.eventId)).toEqual(ids.slice(4));
      expect(second.next).toBeNull();

      // A page that ends exactly at the last call says so: no empty page after it.
      const exact = await store.pendingEvents(accountId, { afterSeq: 0, limit: 6 });
      expect([exact.events.length, exact.next]).toEqual([6, null]);
      expect(await store.pendingEvents(accountId, { afterSeq: 0, limit: 0 })).toEqual({
        events: [],
        next: null,
      });
      expect(await store.pendingEvents('no-such-account', { afterSeq: 0, limit: 10 })).toEqual({
        events: [],
        next: null,
      });
    });

    it('neither skips nor repeats a call while calls arrive and end between pages', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await household(store);
      const other = await household(store);
      const post = async () => (await created(store, newEvent(accountId, daemon.deviceId))).event.eventId;
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) ids.push(await post());
      await created(store, newEvent(other.accountId, other.daemon.deviceId));

      const seen: string[] = [];
      const page1 = await store.pendingEvents(accountId, { afterSeq: 0, limit: 2 });
      seen.push(...page1.events.map((event) => event.eventId));
      // Between pages: the page's last call ends (the cursor still holds), a call not yet listed
      // ends, and two new ones arrive.
      await store.setStatus(accountId, ids[1] ?? '', 'rejected', phone.deviceId);
      await store.setStatus(accountId, ids[3] ?? '', 'acknowledged', phone.deviceId);
      ids.push(await post(), await post());

      let afterSeq = page1.next;
      while (afterSeq !== null) {
        const page = await store.pendingEvents(accountId, { afterSeq, limit: 2 });
        seen.push(...page.events.map((event) => event.eventId));
        afterSeq = page.next;
        if (seen.length === 4) ids.push(await post()); // one more arrives mid-listing
      }
      expect(seen).toEqual([ids[0], ids[1], ids[2], ids[4], ids[5], ids[6], ids[7]]);
      expect(new Set(seen).size).toBe(seen.length);
    });
  });
});
