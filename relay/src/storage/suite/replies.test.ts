import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { accountWithEvent, newReply } from './store-fixtures';

forEachBackend((backend) => {
  describe('replies', () => {
    it('queues a reply for the daemon that reported the event, once per reply id', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await accountWithEvent(store);
      await store.setStatus(accountId, 'evt-1', 'answered', phone.deviceId);
      const created = await store.insertReply(newReply(accountId, phone.deviceId, 'r-1'));
      expect(created).toMatchObject({
        outcome: 'created',
        reply: { toDeviceId: daemon.deviceId, status: 'queued', sealed: 'e1.reply.r-1' },
        log: { kind: 'reply', replyId: 'r-1', seq: 3 },
      });
      expect(await store.insertReply(newReply(accountId, phone.deviceId, 'r-1'))).toMatchObject({
        outcome: 'repeat',
      });
      expect(await store.insertReply(newReply(accountId, phone.deviceId, 'r-2', 'nope'))).toEqual({
        outcome: 'event_not_found',
      });
      await store.insertReply(newReply(accountId, phone.deviceId, 'r-3'));
      expect((await store.repliesFor(daemon.deviceId, 10)).map((r) => r.replyId)).toEqual(['r-1', 'r-3']);
      expect(await store.repliesFor(phone.deviceId, 10)).toEqual([]);
    });

    it('refuses a reply from any device but the one that answered the call', async () => {
      const store = await backend.open();
      const { accountId, phone } = await accountWithEvent(store);
      const desktop = await store.addDevice(accountId, { kind: 'app', name: 'Desktop', tokenHash: 'x-desk' });
      // Nobody answered yet: nobody may reply.
      expect(await store.insertReply(newReply(accountId, phone.deviceId, 'r-0'))).toEqual({
        outcome: 'not_answerer',
        handledBy: null,
      });
      await store.setStatus(accountId, 'evt-1', 'answered', phone.deviceId);
      expect(await store.insertReply(newReply(accountId, desktop.deviceId, 'r-1'))).toEqual({
        outcome: 'not_answerer',
        handledBy: phone.deviceId,
      });
      expect((await store.insertReply(newReply(accountId, phone.deviceId, 'r-2'))).outcome).toBe('created');
      // Still the answerer's after hang-up; a second reply is allowed, from it alone.
      await store.setStatus(accountId, 'evt-1', 'completed', phone.deviceId);
      expect((await store.insertReply(newReply(accountId, phone.deviceId, 'r-3'))).outcome).toBe('created');
      expect((await store.insertReply(newReply(accountId, desktop.deviceId, 'r-4'))).outcome).toBe(
        'not_answerer',
      );
      expect(await store.logSince(accountId, 0, 10)).toHaveLength(5);
    });

    it('moves queued → dispatched → delivered, erasing the ciphertext; the first result wins', async () => {
      const store = await backend.open();
      const { accountId, daemon, phone } = await accountWithEvent(store);
      await store.setStatus(accountId, 'evt-1', 'answered', phone.deviceId);
      await store.insertReply(newReply(accountId, phone.deviceId, 'r-1'));
      expect(await store.markReplyDispatched(accountId, 'r-1')).toMatchObject({
        outcome: 'changed',
        reply: { status: 'dispatched' },
      });
      expect((await store.markReplyDispatched(accountId, 'r-1')).outcome).toBe('unchanged');
      expect(await store.setReplyResult(accountId, 'r-1', { status: 'delivered' })).toMatchObject({
        outcome: 'changed',
        reply: { status: 'delivered', sealed: null },
      });
      expect(
        (await store.setReplyResult(accountId, 'r-1', { status: 'failed', failure: 'e1.x' })).outcome,
      ).toBe('unchanged');
      expect(await store.repliesFor(daemon.deviceId, 10)).toEqual([]);
      expect((await store.logSince(accountId, 0, 10)).map((entry) => entry.kind)).toEqual([
        'event',
        'status',
        'reply',
        'reply',
        'reply',
      ]);
      expect(await store.setReplyResult(accountId, 'unknown', { status: 'delivered' })).toEqual({
        outcome: 'not_found',
      });
    });
  });
});
