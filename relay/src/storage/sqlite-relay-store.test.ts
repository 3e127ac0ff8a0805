import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from './migrations';
import { allRows, cellsContaining, open, tempDir } from './sqlite/store-fixtures';
import { openSqliteRelayStore } from './sqlite-relay-store';
import { created, household, newEvent } from './suite/store-fixtures';

describe('migrations', () => {
  it('creates the schema in a fresh file, sets user_version, and keeps the data on reopening', async () => {
    const path = join(await tempDir(), 'relay.db');
    const first = await openSqliteRelayStore(path);
    const { accountId, daemon, daemonTokenHash } = await household(first);
    const { log } = await created(first, newEvent(accountId, daemon.deviceId));
    await first.close();

    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    const tables = raw
      .prepare<[], { name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name",
      )
      .all()
      .map((table) => table.name);
    expect(tables).toEqual([
      'account_log',
      'accounts',
      'devices',
      'events',
      'pairing_codes',
      'push_quiet',
      'push_schedule',
      'push_subscriptions',
      'replies',
      'vapid_keys',
    ]);
    raw.close();

    const again = await open(path);
    expect(await again.hasAccounts()).toBe(true);
    expect((await again.deviceByTokenHash(daemonTokenHash))?.deviceId).toBe(daemon.deviceId);
    expect(await again.listDevices(accountId)).toHaveLength(3);
    expect(await again.latestLogSeq(accountId)).toBe(log.seq);
    const next = await created(again, newEvent(accountId, daemon.deviceId));
    expect(next.log.seq).toBe(log.seq + 1);
  });

  it('applies only the missing migrations', async () => {
    const db = new Database(join(await tempDir(), 'relay.db'));
    try {
      expect(applyMigrations(db)).toEqual({ from: 0, to: MIGRATIONS.length });
      // Re-running the first migration would fail: its CREATE TABLEs have no IF NOT EXISTS.
      expect(applyMigrations(db)).toEqual({ from: MIGRATIONS.length, to: MIGRATIONS.length });
      const extended = [...MIGRATIONS, 'CREATE TABLE extra (x INTEGER)'];
      expect(applyMigrations(db, extended)).toEqual({ from: MIGRATIONS.length, to: extended.length });
      expect(db.pragma('user_version', { simple: true })).toBe(extended.length);
      expect(applyMigrations(db, extended)).toEqual({ from: extended.length, to: extended.length });
    } finally {
      db.close();
    }
  });

  it('rolls a failing migration back entirely', async () => {
    const db = new Database(':memory:');
    try {
      applyMigrations(db);
      const broken = [...MIGRATIONS, 'CREATE TABLE extra (x INTEGER); INSERT INTO missing VALUES (1);'];
      expect(() => applyMigrations(db, broken)).toThrow(/missing/);
      expect(db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
      expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").get()).toBeUndefined();
    } finally {
      db.close();
    }
  });

  it('refuses a database written by a newer relay', async () => {
    const path = join(await tempDir(), 'relay.db');
    const db = new Database(path);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    await expect(openSqliteRelayStore(path)).rejects.toThrow(/newer than this relay knows/);
  });
});

describe('the database file', () => {
  it('is created with its folder private (0700, 0600) and in WAL mode', async () => {
    const dir = join(await tempDir(), 'data', 'relay');
    const path = join(dir, 'relay.db');
    const store = await open(path);
    await household(store);

    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(existsSync(`${path}-wal`)).toBe(true);
    expect((await stat(`${path}-wal`)).mode & 0o777).toBe(0o600);

    const raw = new Database(path, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('runs synchronous = FULL, so a commit is on disk before the relay answers', async () => {
    const path = join(await tempDir(), 'relay.db');
    const store = await open(path);
    await household(store);
    expect(store.pragmas()).toEqual({ journalMode: 'wal', synchronous: 2 });
    // The benchmarks' comparison point, never the relay's.
    const normal = await open(join(await tempDir(), 'relay.db'), undefined, { synchronous: 'NORMAL' });
    expect(normal.pragmas().synchronous).toBe(1);
  });

  it('tightens the mode of an existing file', async () => {
    const path = join(await tempDir(), 'relay.db');
    new Database(path).close();
    const { chmod } = await import('node:fs/promises');
    await chmod(path, 0o644);
    await open(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});

describe('what the relay keeps', () => {
  it('holds ciphertext only in events.sealed, and none once the call ended', async () => {
    const path = join(await tempDir(), 'relay.db');
    const store = await open(path);
    const { accountId, daemon, daemonTokenHash, phone } = await household(store);
    await store.createPairingCode(accountId, 'pairing-hash', phone.deviceId, Date.now() + 600_000);

    const report = 'The migration of the billing service finished; two tests need a decision';
    const small = newEvent(accountId, daemon.deviceId);
    // Large enough to live in overflow pages.
    const large = newEvent(accountId, daemon.deviceId, {
      source: 'tracker',
      taskId: 'LIN-99',
      sealed: `e1.${randomBytes(150_000).toString('base64url')}`,
    });
    await created(store, small);
    await created(store, large);
    await store.setStatus(accountId, large.eventId, 'answered', phone.deviceId);

    for (const event of [small, large]) {
      expect(cellsContaining(path, (event.sealed ?? '').slice(0, 40))).toEqual(['events.sealed']);
    }
    expect(cellsContaining(path, daemonTokenHash)).toEqual(['devices.token_hash']);
    expect(cellsContaining(path, 'pairing-hash')).toEqual(['pairing_codes.code_hash']);
    for (const word of report.split(' ').filter((w) => w.length > 5)) {
      expect(cellsContaining(path, word)).toEqual([]);
    }
    const allowed: Record<string, string[]> = {
      accounts: ['id', 'created_at', 'next_seq'],
      devices: ['id', 'account_id', 'kind', 'name', 'token_hash', 'created_at', 'last_seen_at', 'removed_at'],
      pairing_codes: ['code_hash', 'account_id', 'created_by', 'created_at', 'expires_at', 'used_at'],
      events: [
        'account_id',
        'event_id',
        'source',
        'occurred_at',
        'task_id',
        'sealed',
        'status',
        'handled_by',
        'from_device_id',
        'created_at',
        'created_seq',
        'ended_at',
        // The answer lease: a time, and a device's id and name.
        'lease_until',
        'unfinished_by',
        'unfinished_by_name',
      ],
      account_log: ['account_id', 'seq', 'kind', 'event_id', 'reply_id', 'created_at'],
    };
    for (const { table, row } of allRows(path)) {
      if (!table.startsWith('sqlite_')) expect(Object.keys(row)).toEqual(allowed[table]);
    }

    await store.setStatus(accountId, small.eventId, 'rejected', phone.deviceId);
    await store.setStatus(accountId, large.eventId, 'completed', phone.deviceId);
    for (const event of [small, large]) {
      expect(cellsContaining(path, (event.sealed ?? '').slice(0, 40))).toEqual([]);
      expect(cellsContaining(path, 'e1.')).toEqual([]);
    }

    // Nor in the file's free space once SQLite has folded the WAL in.
    await store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const bytes = await readFile(path);
    for (const event of [small, large]) {
      const sealed = event.sealed ?? '';
      for (let at = 3; at + 32 <= sealed.length; at += 997) {
        expect(bytes.includes(sealed.slice(at, at + 32))).toBe(false);
      }
    }
  });
});
