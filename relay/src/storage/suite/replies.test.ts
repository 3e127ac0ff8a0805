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

    it("keeps the daemon's sealed outcome with a delivered result, and a failure's reason apart from it", async () => {
      const store = await backend.open();
      const { accountId, phone } = await accountWithEvent(store);
      await store.setStatus(accountId, 'evt-1', 'answered', phone.deviceId);
      for (const replyId of ['r-1', 'r-2', 'r-3'])
        await store.insertReply(newReply(accountId, phone.deviceId, replyId));
      expect(
        await store.setReplyResult(accountId, 'r-1', { status: 'delivered', outcome: 'e1.outcome' }),
      ).toMatchObject({
        outcome: 'changed',
        reply: { status: 'delivered', outcome: 'e1.outcome', failure: null, sealed: null },
      });
      await store.setReplyResult(accountId, 'r-2', { status: 'delivered' });
      await store.setReplyResult(accountId, 'r-3', { status: 'failed', failure: 'e1.reason' });
      // The first result wins: a later one changes neither the status nor the outcome.
      expect(
        await store.setReplyResult(accountId, 'r-1', { status: 'delivered', outcome: 'e1.other' }),
      ).toMatchObject({ outcome: 'unchanged', reply: { outcome: 'e1.outcome' } });
      const read = async (replyId: string) => {
        const reply = await store.getReply(accountId, replyId);
        return reply && { status: reply.status, failure: reply.failure, outcome: reply.outcome };
      };
      expect(await read('r-1')).toEqual({ status: 'delivered', failure: null, outcome: 'e1.outcome' });
      expect(await read('r-2')).toEqual({ status: 'delivered', failure: null, outcome: null });
      expect(await read('r-3')).toEqual({ status: 'failed', failure: 'e1.reason', outcome: null });
    });
  });
});
