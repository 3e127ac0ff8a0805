import { describe, expect, it } from 'vitest';
import { forEachBackend } from './backends';
import { created, household, newEvent } from './store-fixtures';

forEachBackend((backend) => {
  describe('the account log', () => {
    it('numbers entries strictly increasing per account, independently between accounts', async () => {
      const store = await backend.open();
      const a = await household(store);
      const b = await household(store);
      expect(await store.latestLogSeq(a.accountId)).toBe(0);
      expect(await store.oldestLogSeq(a.accountId)).toBeNull();
      expect(await store.latestLogSeq('no-such-account')).toBe(0);

      const seqs: Record<string, number[]> = { a: [], b: [] };
      for (let round = 0; round < 3; round++) {
        for (const [key, account] of [
          ['a', a],
          ['b', b],
        ] as const) {
          const { event, log } = await created(store, newEvent(account.accountId, account.daemon.deviceId));
          seqs[key]?.push(log.seq);
          const answered = await store.setStatus(
            account.accountId,
            event.eventId,
            'answered',
            account.phone.deviceId,
          );
          if (answered.outcome === 'changed') seqs[key]?.push(answered.log.seq);
        }
      }
      expect(seqs.a).toEqual([1, 2, 3, 4, 5, 6]);
      expect(seqs.b).toEqual([1, 2, 3, 4, 5, 6]);
      expect(await store.latestLogSeq(a.accountId)).toBe(6);
      expect(await store.oldestLogSeq(a.accountId)).toBe(1);
      const log = await store.logSince(a.accountId, 0, 100);
      expect(log.map((entry) => [entry.seq, entry.kind])).toEqual([
        [1, 'event'],
        [2, 'status'],
        [3, 'event'],
        [4, 'status'],
        [5, 'event'],
        [6, 'status'],
      ]);
      expect(log.every((entry) => entry.accountId === a.accountId)).toBe(true);
    });

    it('pages with logSince', async () => {
      const store = await backend.open();
      const { accountId, daemon } = await household(store);
      for (let i = 0; i < 7; i++) await created(store, newEvent(accountId, daemon.deviceId));

      const pages: number[][] = [];
      let cursor = 0;
      for (;;) {
        const page = await store.logSince(accountId, cursor, 3);
        pages.push(page.map((entry) => entry.seq));
        if (page.length < 3) break;
        cursor = page.at(-1)?.seq ?? cursor;
      }
      expect(pages).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
      expect(await store.logSince(accountId, 7, 3)).toEqual([]);
      expect(await store.logSince(accountId, 0, 0)).toEqual([]);
      expect((await store.logSince(accountId, 5, 100)).map((entry) => entry.seq)).toEqual([6, 7]);
    });
  });
});
