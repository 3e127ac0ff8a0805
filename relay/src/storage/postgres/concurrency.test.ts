// Two stores with pools of their own stand for two relay processes on one database: every
// rule must hold because the database enforces it, whichever process asks.
import { describe, expect, it } from 'vitest';
import type { PostgresRelayStore } from '../postgres-relay-store';
import { device, household, newEvent } from '../suite/store-fixtures';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './test-database';

const ROUNDS = 20;

describe.skipIf(!testDatabaseUrl())(
  `two relay processes on one database (needs ${TEST_DATABASE_ENV})`,
  () => {
    const database = sharedTestDatabase();
    const twoStores = async (): Promise<[PostgresRelayStore, PostgresRelayStore]> => [
      await database.openStore(),
      await database.openStore(),
    ];

    it('lets exactly one of two devices answering at once win', async () => {
      const [a, b] = await twoStores();
      const { accountId, daemon, phone, tablet } = await household(a);
      for (let round = 0; round < ROUNDS; round++) {
        const event = newEvent(accountId, daemon.deviceId);
        await a.insertEvent(event);
        const [byPhone, byTablet] = await Promise.all([
          a.setStatus(accountId, event.eventId, 'answered', phone.deviceId),
          b.setStatus(accountId, event.eventId, 'answered', tablet.deviceId),
        ]);
        expect([byPhone.outcome, byTablet.outcome].sort()).toEqual(['changed', 'conflict']);
        const winner = byPhone.outcome === 'changed' ? phone.deviceId : tablet.deviceId;
        expect((await b.getEvent(accountId, event.eventId))?.handledBy).toBe(winner);
        const loser = byPhone.outcome === 'conflict' ? byPhone : byTablet;
        expect(loser.outcome === 'conflict' && loser.event.handledBy).toBe(winner);
      }
      // One `event` and one `status` entry per round: the losers logged nothing.
      expect(await a.latestLogSeq(accountId)).toBe(2 * ROUNDS);
    });

    it('stores an event posted to both at once once, and answers the other with the original', async () => {
      const [a, b] = await twoStores();
      const { accountId, daemon } = await household(a);
      for (let round = 0; round < ROUNDS; round++) {
        const event = newEvent(accountId, daemon.deviceId);
        const results = await Promise.all([a.insertEvent(event), b.insertEvent(event)]);
        expect(results.map((result) => result.outcome).sort()).toEqual(['created', 'repeat']);
        const first = results.find((result) => result.outcome === 'created');
        const repeat = results.find((result) => result.outcome === 'repeat');
        expect(repeat?.outcome === 'repeat' && repeat.event).toEqual(
          first?.outcome === 'created' && first.event,
        );
      }
      expect(await b.latestLogSeq(accountId)).toBe(ROUNDS);
    });

    it('refuses the second of two events racing with one tracker task id', async () => {
      const [a, b] = await twoStores();
      const { accountId, daemon } = await household(a);
      for (let round = 0; round < ROUNDS; round++) {
        const tracker = { source: 'tracker' as const, taskId: `LIN-${round}` };
        const results = await Promise.all([
          a.insertEvent(newEvent(accountId, daemon.deviceId, tracker)),
          b.insertEvent(newEvent(accountId, daemon.deviceId, tracker)),
        ]);
        expect(results.map((result) => result.outcome).sort()).toEqual(['created', 'duplicate_task']);
        const first = results.find((result) => result.outcome === 'created');
        const duplicate = results.find((result) => result.outcome === 'duplicate_task');
        expect(duplicate?.outcome === 'duplicate_task' && duplicate.existing).toEqual(
          first?.outcome === 'created' && first.event,
        );
      }
      expect(await a.latestLogSeq(accountId)).toBe(ROUNDS);
    });

    it('lets one claim of a private relay win across processes', async () => {
      const [a, b] = await twoStores();
      const inputs = Array.from({ length: 8 }, (_, i) => device('daemon', `computer ${i}`));
      const results = await Promise.all(
        inputs.map((input, i) => (i % 2 === 0 ? a.claimRelay(input) : b.claimRelay(input))),
      );
      expect(results.filter((result) => result !== null)).toHaveLength(1);
      const accounts = await a.pool.query<{ count: number }>('SELECT count(*) AS count FROM accounts');
      expect(accounts.rows[0]?.count).toBe(1);
      const devices = await a.pool.query<{ count: number }>('SELECT count(*) AS count FROM devices');
      expect(devices.rows[0]?.count).toBe(1);
    });

    it('numbers an account log strictly increasing with no gap or repeat under concurrent writers', async () => {
      const [a, b] = await twoStores();
      const { accountId, daemon } = await household(a);
      const perStore = 50;
      const inserts = [a, b].flatMap((store) =>
        Array.from({ length: perStore }, () => store.insertEvent(newEvent(accountId, daemon.deviceId))),
      );
      const results = await Promise.all(inserts);
      const seqs = results.map((result) => (result.outcome === 'created' ? result.log.seq : -1));
      const all = Array.from({ length: 2 * perStore }, (_, i) => i + 1);
      expect([...seqs].sort((x, y) => x - y)).toEqual(all);
      expect((await b.logSince(accountId, 0, 1000)).map((entry) => entry.seq)).toEqual(all);
      // Each event is listed at the place its own log entry took.
      const pending = await a.pendingEvents(accountId, { afterSeq: 0, limit: 1000 });
      const order = results
        .flatMap((result) =>
          result.outcome === 'created' ? [[result.log.seq, result.event.eventId] as const] : [],
        )
        .sort((x, y) => x[0] - y[0])
        .map(([, eventId]) => eventId);
      expect(pending.events.map((event) => event.eventId)).toEqual(order);
    });

    it('keeps a reply idempotent and its first result when two processes race', async () => {
      const [a, b] = await twoStores();
      const { accountId, daemon, phone } = await household(a);
      const event = newEvent(accountId, daemon.deviceId);
      await a.insertEvent(event);
      await a.setStatus(accountId, event.eventId, 'answered', phone.deviceId);
      for (let round = 0; round < ROUNDS; round++) {
        const reply = {
          accountId,
          replyId: `r-${round}`,
          eventId: event.eventId,
          fromDeviceId: phone.deviceId,
          sealed: `e1.reply.${round}`,
        };
        const inserted = await Promise.all([a.insertReply(reply), b.insertReply(reply)]);
        expect(inserted.map((result) => result.outcome).sort()).toEqual(['created', 'repeat']);
        const results = await Promise.all([
          a.setReplyResult(accountId, reply.replyId, { status: 'delivered' }),
          b.setReplyResult(accountId, reply.replyId, { status: 'failed', failure: 'e1.reason' }),
        ]);
        expect(results.map((result) => result.outcome).sort()).toEqual(['changed', 'unchanged']);
        const winner = results.find((result) => result.outcome === 'changed');
        const stored = await b.getReply(accountId, reply.replyId);
        expect(stored?.status).toBe(winner?.outcome === 'changed' ? winner.reply.status : 'none');
        expect(stored?.sealed).toBeNull();
      }
    });
  },
);
