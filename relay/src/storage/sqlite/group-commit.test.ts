import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { created, device, household, newEvent } from '../suite/store-fixtures';
import type { CommitInfo } from './group-commit';
import { GroupCommit } from './group-commit';
import { open } from './store-fixtures';

/** A store that records its commits. */
async function counted() {
  const commits: CommitInfo[] = [];
  const store = await open(':memory:', undefined, { onCommit: (info) => commits.push(info) });
  return { store, commits };
}

describe('group commit in the store', () => {
  it('commits writes asked for together in one transaction, in the order asked', async () => {
    const { store, commits } = await counted();
    const { accountId, daemon } = await household(store);
    expect(commits).toEqual([{ writes: 1 }, { writes: 1 }, { writes: 1 }]);
    commits.length = 0;

    const events = Array.from({ length: 20 }, () => newEvent(accountId, daemon.deviceId));
    const results = await Promise.all(events.map((event) => store.insertEvent(event)));
    expect(commits).toEqual([{ writes: 20 }]);
    expect(results.map((result) => result.outcome === 'created' && result.log.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('keeps idempotency and the tracker-task rule exact within one batch', async () => {
    const { store, commits } = await counted();
    const { accountId, daemon } = await household(store);
    const desktop = await store.addDevice(accountId, device('daemon', 'desktop'));
    commits.length = 0;

    const event = newEvent(accountId, daemon.deviceId);
    const task = { source: 'tracker' as const, taskId: 'LIN-1' };
    const taskEvent = newEvent(accountId, daemon.deviceId, task);
    const [first, repeat, taskFirst, taskAgain] = await Promise.all([
      store.insertEvent(event),
      store.insertEvent({ ...event, sealed: 'e1.different' }),
      store.insertEvent(taskEvent),
      store.insertEvent(newEvent(accountId, desktop.deviceId, task)),
    ]);
    expect(commits).toEqual([{ writes: 4 }]);
    expect(first?.outcome).toBe('created');
    expect(repeat).toEqual({ outcome: 'repeat', event: first?.outcome === 'created' && first.event });
    expect(taskFirst?.outcome).toBe('created');
    expect(taskAgain).toEqual({
      outcome: 'duplicate_task',
      existing: taskFirst?.outcome === 'created' && taskFirst.event,
    });
    expect(await store.latestLogSeq(accountId)).toBe(2);
  });

  it('fails only the write that failed, and keeps nothing of it', async () => {
    const { store, commits } = await counted();
    const { accountId, daemon } = await household(store);
    commits.length = 0;

    // Takes a log seq, then breaks on the foreign key: the seq must come back.
    const broken = store.insertEvent(newEvent(accountId, 'no-such-device'));
    const [before, after] = await Promise.all([
      store.insertEvent(newEvent(accountId, daemon.deviceId)),
      store.insertEvent(newEvent(accountId, daemon.deviceId)),
      expect(broken).rejects.toThrow(/FOREIGN KEY/),
    ]);
    expect(commits).toEqual([{ writes: 2 }]);
    expect([before, after].map((result) => result?.outcome === 'created' && result.log.seq)).toEqual([1, 2]);
    expect((await store.logSince(accountId, 0, 10)).map((entry) => entry.seq)).toEqual([1, 2]);
    expect((await created(store, newEvent(accountId, daemon.deviceId))).log.seq).toBe(3);
  });

  it('finishes the queued writes when the store closes, and refuses later ones', async () => {
    const { store } = await counted();
    const { accountId, daemon } = await household(store);
    const queued = store.insertEvent(newEvent(accountId, daemon.deviceId));
    await store.close();
    expect((await queued).outcome).toBe('created');
    await expect(store.insertEvent(newEvent(accountId, daemon.deviceId))).rejects.toThrow(/closed/);
  });
});

/** A bare database and its committer. */
function bare() {
  const db = new Database(':memory:');
  db.exec(`CREATE TABLE parent (id INTEGER PRIMARY KEY);
    CREATE TABLE item (name TEXT PRIMARY KEY,
      parent INTEGER REFERENCES parent (id) DEFERRABLE INITIALLY DEFERRED)`);
  db.pragma('foreign_keys = ON');
  const commits: CommitInfo[] = [];
  const commit = new GroupCommit(db, { batched: true, onCommit: (info) => commits.push(info) });
  const insert = db.prepare<[string, number | null]>('INSERT INTO item (name, parent) VALUES (?, ?)');
  const names = () =>
    db
      .prepare<[], { name: string }>('SELECT name FROM item ORDER BY name')
      .all()
      .map((row) => row.name);
  return { db, commit, commits, insert, names };
}

describe('GroupCommit', () => {
  it('commits each turn of the event loop on its own', async () => {
    const { db, commit, commits, insert, names } = bare();
    await Promise.all([commit.write(() => insert.run('a', null)), commit.write(() => insert.run('b', null))]);
    await commit.write(() => insert.run('c', null));
    expect(commits).toEqual([{ writes: 2 }, { writes: 1 }]);
    expect(names()).toEqual(['a', 'b', 'c']);
    db.close();
  });

  it("settles a batch's writes in order, each after what the one before set off", async () => {
    const { db, commit, insert } = bare();
    const published: string[] = [];
    // As the routes do: one publishes after more awaits than the other.
    const slow = async () => {
      await commit.write(() => insert.run('a', null));
      for (let i = 0; i < 5; i++) await Promise.resolve();
      published.push('a');
    };
    const quick = async () => {
      await commit.write(() => insert.run('b', null));
      published.push('b');
    };
    await Promise.all([slow(), quick()]);
    expect(published).toEqual(['a', 'b']);
    db.close();
  });

  it('redoes the rest of a batch when one write rolled the whole transaction back', async () => {
    const { db, commit, commits, insert, names } = bare();
    const results = await Promise.allSettled([
      commit.write(() => insert.run('a', null)),
      // As SQLite does on a full disk or an I/O error: the transaction is gone.
      commit.write(() => {
        db.exec('ROLLBACK');
        throw new Error('disk full');
      }),
      commit.write(() => insert.run('c', null)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(commits).toEqual([{ writes: 2 }]);
    expect(names()).toEqual(['a', 'c']);
    db.close();
  });

  it('fails every write of a batch whose COMMIT fails, and keeps none of them', async () => {
    const { db, commit, commits, insert, names } = bare();
    // A deferred foreign key is only checked at COMMIT.
    const results = await Promise.allSettled([
      commit.write(() => insert.run('a', null)),
      commit.write(() => insert.run('b', 42)),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(commits).toEqual([]);
    expect(db.inTransaction).toBe(false);
    expect(names()).toEqual([]);
    await commit.write(() => insert.run('c', null));
    expect(names()).toEqual(['c']);
    db.close();
  });
});
