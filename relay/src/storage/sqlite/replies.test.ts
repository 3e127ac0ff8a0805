import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../migrations';
import type { RelayStore } from '../relay-store';
import { openSqliteRelayStore } from '../sqlite-relay-store';

async function account(store: RelayStore) {
  const daemon = await store.createAccount({
    kind: 'daemon',
    name: 'Laptop',
    tokenHash: `d-${Math.random()}`,
  });
  const phone = await store.addDevice(daemon.accountId, {
    kind: 'app',
    name: 'Phone',
    tokenHash: `p-${Math.random()}`,
  });
  await store.insertEvent({
    accountId: daemon.accountId,
    eventId: 'evt-1',
    source: 'claude-code',
    occurredAt: '2026-11-23T10:00:00.000Z',
    taskId: null,
    sealed: 'e1.event',
    fromDeviceId: daemon.deviceId,
  });
  return { accountId: daemon.accountId, daemon, phone };
}

const reply = (accountId: string, fromDeviceId: string, replyId: string, eventId = 'evt-1') => ({
  accountId,
  replyId,
  eventId,
  fromDeviceId,
  sealed: `e1.reply.${replyId}`,
});

describe('replies in the SQLite store', () => {
  it('queues a reply for the daemon that reported the event, once per reply id', async () => {
    const store = await openSqliteRelayStore(':memory:');
    const { accountId, daemon, phone } = await account(store);
    const created = await store.insertReply(reply(accountId, phone.deviceId, 'r-1'));
    expect(created).toMatchObject({
      outcome: 'created',
      reply: { toDeviceId: daemon.deviceId, status: 'queued', sealed: 'e1.reply.r-1' },
      log: { kind: 'reply', replyId: 'r-1', seq: 2 },
    });
    expect(await store.insertReply(reply(accountId, phone.deviceId, 'r-1'))).toMatchObject({
      outcome: 'repeat',
    });
    expect(await store.insertReply(reply(accountId, phone.deviceId, 'r-2', 'nope'))).toEqual({
      outcome: 'event_not_found',
    });
    await store.insertReply(reply(accountId, phone.deviceId, 'r-3'));
    expect((await store.repliesFor(daemon.deviceId, 10)).map((r) => r.replyId)).toEqual(['r-1', 'r-3']);
    expect(await store.repliesFor(phone.deviceId, 10)).toEqual([]);
  });

  it('moves queued → dispatched → delivered, erasing the ciphertext; the first result wins', async () => {
    const store = await openSqliteRelayStore(':memory:');
    const { accountId, daemon, phone } = await account(store);
    await store.insertReply(reply(accountId, phone.deviceId, 'r-1'));
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
      'reply',
      'reply',
      'reply',
    ]);
    expect(await store.setReplyResult(accountId, 'unknown', { status: 'delivered' })).toEqual({
      outcome: 'not_found',
    });
  });

  it('keeps queued replies across a reopen, and upgrades a database made before replies existed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ringback-replies-'));
    const path = join(dir, 'relay.db');
    const old = new Database(path);
    applyMigrations(old, MIGRATIONS.slice(0, 1));
    old.close();
    const first = await openSqliteRelayStore(path);
    const { accountId, daemon, phone } = await account(first);
    await first.insertReply(reply(accountId, phone.deviceId, 'r-1'));
    await first.close();

    const reopened = await openSqliteRelayStore(path);
    expect((await reopened.repliesFor(daemon.deviceId, 10)).map((r) => r.replyId)).toEqual(['r-1']);
    await reopened.close();
  });

  it('keeps log entries made before the upgrade', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ringback-replies-'));
    const path = join(dir, 'relay.db');
    const old = new Database(path);
    applyMigrations(old, MIGRATIONS.slice(0, 1));
    old.exec("INSERT INTO accounts (id, created_at, next_seq) VALUES ('a1', 1, 2)");
    old.exec(
      "INSERT INTO account_log (account_id, seq, kind, event_id, created_at) VALUES ('a1', 1, 'event', 'e', 1)",
    );
    old.close();
    const store = await openSqliteRelayStore(path);
    expect(await store.logSince('a1', 0, 10)).toMatchObject([{ seq: 1, kind: 'event', eventId: 'e' }]);
    expect(await store.latestLogSeq('a1')).toBe(1);
    await store.close();
  });
});
