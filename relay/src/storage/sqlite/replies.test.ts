import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from '../migrations';
import { openSqliteRelayStore } from '../sqlite-relay-store';
import { accountWithEvent, newReply } from '../suite/store-fixtures';

describe('replies in the SQLite store', () => {
  it('keeps queued replies across a reopen, and upgrades a database made before replies existed', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ringback-replies-'));
    const path = join(dir, 'relay.db');
    const old = new Database(path);
    applyMigrations(old, MIGRATIONS.slice(0, 1));
    old.close();
    const first = await openSqliteRelayStore(path);
    const { accountId, daemon, phone } = await accountWithEvent(first);
    await first.setStatus(accountId, 'evt-1', 'answered', phone.deviceId);
    await first.insertReply(newReply(accountId, phone.deviceId, 'r-1'));
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
