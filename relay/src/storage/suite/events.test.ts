import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { allPending, created, device, household, manualClock, newEvent } from './store-fixtures';

forEachBackend((backend) => {
  describe('insertEvent', () => {
    it('stores a new event as pending and logs it', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon } = await household(store);
      const event = newEvent(accountId, daemon.deviceId);

      const result = await store.insertEvent(event);
      expect(result).toEqual({
        outcome: 'created',
        event: {
          ...event,
          status: 'pending',
          handledBy: null,
          createdAt: '2025-03-01T12:00:00.000Z',
          endedAt: null,
        },
        log: {
          accountId,
          seq: 1,
          kind: 'event',
          eventId: event.eventId,
          createdAt: '2025-03-01T12:00:00.000Z',
        },
      });
      expect(await store.getEvent(accountId, event.eventId)).toEqual(
        result.outcome === 'created' && result.event,
      );
      expect(await store.getEvent(accountId, 'no-such-event')).toBeNull();
    });

    it('gives a repeated event id the original back and logs nothing', async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      const event = newEvent(accountId, daemon.deviceId);
      const first = await created(store, event);

      const repeat = await store.insertEvent({ ...event, sealed: 'e1.different' });
      expect(repeat).toEqual({ outcome: 'repeat', event: first.event });
      expect(await store.latestLogSeq(accountId)).toBe(1);
      expect(await allPending(store, accountId)).toHaveLength(1);
    });

    it('refuses a tracker task another daemon of the account reported, not one of another account', async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      const secondDaemon = await store.addDevice(accountId, device('daemon', 'desktop'));
      const tracker = { source: 'tracker' as const, taskId: 'LIN-42' };

      const first = await created(store, newEvent(accountId, daemon.deviceId, tracker));
      const duplicate = await store.insertEvent(newEvent(accountId, secondDaemon.deviceId, tracker));
      expect(duplicate).toEqual({ outcome: 'duplicate_task', existing: first.event });
      expect(await store.latestLogSeq(accountId)).toBe(1);

      const otherAccount = await store.createAccount(device('daemon', 'elsewhere'));
      const elsewhere = await store.insertEvent(
        newEvent(otherAccount.accountId, otherAccount.deviceId, tracker),
      );
      expect(elsewhere.outcome).toBe('created');

      // Events without a task id never clash on it.
      expect((await store.insertEvent(newEvent(accountId, daemon.deviceId))).outcome).toBe('created');
      expect((await store.insertEvent(newEvent(accountId, secondDaemon.deviceId))).outcome).toBe('created');
      // The same event id is a repeat before it is a duplicate task.
      const again = await store.insertEvent({
        ...newEvent(accountId, daemon.deviceId, tracker),
        eventId: first.event.eventId,
      });
      expect(again.outcome).toBe('repeat');
    });

    it('refuses an event for an unknown account', async () => {
      const store = await backend.open();
      const { daemon } = await household(store);
      await expect(store.insertEvent(newEvent('no-such-account', daemon.deviceId))).rejects.toThrow();
    });
  });

  describe('setStatus', () => {
    it('reports an unknown call, or one of another account, as not found', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await household(store);
      const other = await store.createAccount(device('daemon', 'elsewhere'));
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));
      expect(await store.setStatus(accountId, 'no-such-event', 'answered', phone.deviceId)).toEqual({
        outcome: 'not_found',
      });
      expect(await store.setStatus(other.accountId, event.eventId, 'answered', other.deviceId)).toEqual({
        outcome: 'not_found',
      });
    });

    it('lets the first device to answer win, and only it complete; completing erases the ciphertext', async () => {
      const clock = manualClock();
      const store = await backend.open(clock.now);
      const { accountId, daemon, phone, tablet } = await household(store);
      const { event } = await created(store, newEvent(accountId, daemon.deviceId));

      expect((await store.setStatus(accountId, event.eventId, 'completed', phone.deviceId)).outcome).toBe(
        'conflict',
      );

      clock.advance(1000);
      const answered = await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId);
      expect(answered).toEqual({
        outcome: 'changed',
        event: { ...event, status: 'answered', handledBy: phone.deviceId },
        log: {
          accountId,
          seq: 2,
          kind: 'status',
          eventId: event.eventId,
          createdAt: new Date(clock.now()).toISOString(),
        },
      });

      const taken = await store.setStatus(accountId, event.eventId, 'answered', tablet.deviceId);
      expect(taken).toEqual({
        outcome: 'conflict',
        event: { ...event, status: 'answered', handledBy: phone.deviceId },
      });
      expect(await store.setStatus(accountId, event.eventId, 'answered', phone.deviceId)).toEqual({
        outcome: 'unchanged',
        event: { ...event, status: 'answered', handledBy: phone.deviceId },
      });
      for (const status of ['completed', 'rejected', 'acknowledged'] as const) {
        expect((await store.setStatus(accountId, event.eventId, status, tablet.deviceId)).outcome).toBe(
          'conflict',
        );
      }
      expect(await store.latestLogSeq(accountId)).toBe(2);
      expect((await store.getEvent(accountId, event.eventId))?.sealed).toBe(event.sealed);

      clock.advance(1000);
      const ended = new Date(clock.now()).toISOString();
      const completed = await store.setStatus(accountId, event.eventId, 'completed', phone.deviceId);
      const done = { ...event, status: 'completed', handledBy: phone.deviceId, sealed: null, endedAt: ended };
      expect(completed).toEqual({
        outcome: 'changed',
        event: done,
        log: { accountId, seq: 3, kind: 'status', eventId: event.eventId, createdAt: ended },
      });
      expect(await store.getEvent(accountId, event.eventId)).toEqual(done);
      expect(await allPending(store, accountId)).toEqual([]);

      expect(await store.setStatus(accountId, event.eventId, 'completed', phone.deviceId)).toEqual({
        outcome: 'unchanged',
        event: done,
      });
      for (const status of ['answered', 'rejected', 'acknowledged'] as const) {
        expect((await store.setStatus(accountId, event.eventId, status, phone.deviceId)).outcome).toBe(
          'conflict',
        );
      }
      expect((await store.setStatus(accountId, event.eventId, 'completed', tablet.deviceId)).outcome).toBe(
        'conflict',
      );
      expect(await store.latestLogSeq(accountId)).toBe(3);
    });

    it('lets any device reject or acknowledge a pending call, and the answering device an answered one', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone, tablet } = await household(store);

      for (const status of ['rejected', 'acknowledged'] as const) {
        const pending = (await created(store, newEvent(accountId, daemon.deviceId))).event;
        const ended = await store.setStatus(accountId, pending.eventId, status, tablet.deviceId);
        expect(ended.outcome).toBe('changed');
        expect(ended.outcome === 'changed' && ended.event).toMatchObject({
          status,
          handledBy: tablet.deviceId,
          sealed: null,
          endedAt: expect.any(String),
        });
        expect((await store.setStatus(accountId, pending.eventId, status, tablet.deviceId)).outcome).toBe(
          'unchanged',
        );
        expect((await store.setStatus(accountId, pending.eventId, status, phone.deviceId)).outcome).toBe(
          'conflict',
        );
        const other = status === 'rejected' ? 'acknowledged' : 'rejected';
        expect((await store.setStatus(accountId, pending.eventId, other, tablet.deviceId)).outcome).toBe(
          'conflict',
        );
        expect((await store.setStatus(accountId, pending.eventId, 'answered', tablet.deviceId)).outcome).toBe(
          'conflict',
        );

        const answered = (await created(store, newEvent(accountId, daemon.deviceId))).event;
        await store.setStatus(accountId, answered.eventId, 'answered', phone.deviceId);
        expect((await store.setStatus(accountId, answered.eventId, status, tablet.deviceId)).outcome).toBe(
          'conflict',
        );
        const byAnswerer = await store.setStatus(accountId, answered.eventId, status, phone.deviceId);
        expect(byAnswerer.outcome === 'changed' && byAnswerer.event).toMatchObject({
          status,
          handledBy: phone.deviceId,
          sealed: null,
        });
      }
      expect(await allPending(store, accountId)).toEqual([]);
    });
  });
});
