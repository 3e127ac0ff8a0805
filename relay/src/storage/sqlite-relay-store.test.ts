import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from './migrations';
import type { DeviceKind, NewEvent, RelayStore } from './relay-store';
import { openSqliteRelayStore } from './sqlite-relay-store';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-relay-store-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2025-03-01T12:00:00.000Z')) {
  let time = start;
  return {
    now: () => time,
    set: (ms: number) => {
      time = ms;
    },
    advance: (ms: number) => {
      time += ms;
    },
  };
}

async function open(path = ':memory:', now?: () => number): Promise<RelayStore> {
  const store = await openSqliteRelayStore(path, now ? { now } : {});
  cleanups.push(() => store.close());
  return store;
}

let tokens = 0;
function device(kind: DeviceKind, name: string) {
  tokens += 1;
  return { kind, name, tokenHash: `hash-${tokens}-${randomBytes(8).toString('hex')}` };
}

/** An account with a daemon and two phones. */
async function household(store: RelayStore) {
  const daemonInput = device('daemon', 'laptop');
  const daemon = await store.createAccount(daemonInput);
  const phone = await store.addDevice(daemon.accountId, device('app', "Anna's phone"));
  const tablet = await store.addDevice(daemon.accountId, device('app', 'tablet'));
  return { accountId: daemon.accountId, daemon, daemonTokenHash: daemonInput.tokenHash, phone, tablet };
}

let eventCount = 0;
function newEvent(accountId: string, fromDeviceId: string, overrides: Partial<NewEvent> = {}): NewEvent {
  eventCount += 1;
  return {
    accountId,
    eventId: `evt-${eventCount}`,
    source: 'claude-code',
    occurredAt: '2025-03-01T11:59:00.000Z',
    taskId: null,
    sealed: `e1.${randomBytes(48).toString('base64url')}`,
    fromDeviceId,
    ...overrides,
  };
}

async function created(store: RelayStore, event: NewEvent) {
  const result = await store.insertEvent(event);
  if (result.outcome !== 'created') throw new Error(`expected created, got ${result.outcome}`);
  return result;
}

/** Every row of every table, read straight from the file. */
function allRows(path: string): { table: string; row: Record<string, unknown> }[] {
  const db = new Database(path, { readonly: true });
  try {
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((table) => table.name);
    return tables.flatMap((table) =>
      db
        .prepare<[], Record<string, unknown>>(`SELECT * FROM "${table}"`)
        .all()
        .map((row) => ({ table, row })),
    );
  } finally {
    db.close();
  }
}

function cellsContaining(path: string, needle: string): string[] {
  return allRows(path).flatMap(({ table, row }) =>
    Object.entries(row)
      .filter(([, value]) => String(value).includes(needle))
      .map(([column]) => `${table}.${column}`),
  );
}

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
    expect(tables).toEqual(['account_log', 'accounts', 'devices', 'events', 'pairing_codes', 'replies']);
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

  it('tightens the mode of an existing file', async () => {
    const path = join(await tempDir(), 'relay.db');
    new Database(path).close();
    const { chmod } = await import('node:fs/promises');
    await chmod(path, 0o644);
    await open(path);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });
});

describe('accounts and devices', () => {
  it('creates an account with its first device and finds devices by token hash', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    expect(await store.hasAccounts()).toBe(false);

    const input = device('daemon', 'laptop');
    const first = await store.createAccount(input);
    expect(first).toEqual({
      deviceId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      accountId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      kind: 'daemon',
      name: 'laptop',
      createdAt: '2025-03-01T12:00:00.000Z',
      lastSeenAt: null,
    });
    expect(first.accountId).not.toBe(first.deviceId);
    expect(await store.hasAccounts()).toBe(true);

    const phoneInput = device('app', 'phone');
    const phone = await store.addDevice(first.accountId, phoneInput);
    expect(phone.accountId).toBe(first.accountId);
    expect(phone.kind).toBe('app');

    const found = await store.deviceByTokenHash(phoneInput.tokenHash);
    expect(found).toEqual({ ...phone, lastSeenAt: '2025-03-01T12:00:00.000Z' });
    expect(await store.deviceByTokenHash('no-such-hash')).toBeNull();

    const other = await store.createAccount(device('daemon', 'desktop'));
    expect(other.accountId).not.toBe(first.accountId);
    expect((await store.listDevices(first.accountId)).map((d) => d.deviceId)).toEqual([
      first.deviceId,
      phone.deviceId,
    ]);
  });

  it('refuses a device for an unknown account and a token hash already in use', async () => {
    const store = await open();
    await expect(store.addDevice('no-such-account', device('app', 'phone'))).rejects.toThrow(
      /unknown account/,
    );
    const input = device('daemon', 'laptop');
    const first = await store.createAccount(input);
    await expect(store.addDevice(first.accountId, { ...input, name: 'copy' })).rejects.toThrow(/UNIQUE/);
    expect(await store.listDevices(first.accountId)).toHaveLength(1);
  });

  it('marks a device seen at most once a minute', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const input = device('app', 'phone');
    await store.createAccount(input);
    const start = clock.now();

    expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(new Date(start).toISOString());
    clock.advance(30_000);
    expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(new Date(start).toISOString());
    clock.advance(31_000);
    expect((await store.deviceByTokenHash(input.tokenHash))?.lastSeenAt).toBe(
      new Date(start + 61_000).toISOString(),
    );
    const [listed] = await store.listDevices(
      (await store.deviceByTokenHash(input.tokenHash))?.accountId ?? '',
    );
    expect(listed?.lastSeenAt).toBe(new Date(start + 61_000).toISOString());
  });

  it('renames and lists live devices', async () => {
    const store = await open();
    const { accountId, phone, daemon } = await household(store);
    const other = await store.createAccount(device('daemon', 'elsewhere'));

    const renamed = await store.renameDevice(accountId, phone.deviceId, 'work phone');
    expect(renamed).toEqual({ ...phone, name: 'work phone' });
    expect((await store.listDevices(accountId)).map((d) => d.name)).toEqual([
      'laptop',
      'work phone',
      'tablet',
    ]);

    expect(await store.renameDevice(other.accountId, phone.deviceId, 'stolen')).toBeNull();
    expect(await store.renameDevice(accountId, 'no-such-device', 'x')).toBeNull();
    expect(await store.renameDevice(accountId, other.deviceId, 'x')).toBeNull();
    expect((await store.listDevices(accountId)).find((d) => d.deviceId === phone.deviceId)?.name).toBe(
      'work phone',
    );
    expect(await store.listDevices(other.accountId)).toEqual([other]);
    expect(daemon.name).toBe('laptop');
  });

  it("stops a removed device's token at once and hides it", async () => {
    const store = await open();
    const input = device('daemon', 'laptop');
    const daemon = await store.createAccount(input);
    const phoneInput = device('app', 'phone');
    const phone = await store.addDevice(daemon.accountId, phoneInput);
    const other = await store.createAccount(device('daemon', 'elsewhere'));

    expect(await store.removeDevice(other.accountId, phone.deviceId)).toBe(false);
    expect(await store.deviceByTokenHash(phoneInput.tokenHash)).not.toBeNull();

    expect(await store.removeDevice(daemon.accountId, phone.deviceId)).toBe(true);
    expect(await store.deviceByTokenHash(phoneInput.tokenHash)).toBeNull();
    expect((await store.listDevices(daemon.accountId)).map((d) => d.deviceId)).toEqual([daemon.deviceId]);
    expect(await store.renameDevice(daemon.accountId, phone.deviceId, 'back')).toBeNull();
    expect(await store.removeDevice(daemon.accountId, phone.deviceId)).toBe(false);
    expect(await store.removeDevice(daemon.accountId, 'no-such-device')).toBe(false);
    expect(await store.deviceByTokenHash(input.tokenHash)).not.toBeNull();
  });
});

describe('pairing codes', () => {
  it('are used once, and only before they expire', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const { accountId, phone } = await household(store);
    const t = clock.now();
    await store.createPairingCode(accountId, 'code-a', phone.deviceId, t + 600_000);
    await store.createPairingCode(accountId, 'code-b', phone.deviceId, t + 600_000);

    expect(await store.consumePairingCode('code-a', t + 1000)).toBe(accountId);
    expect(await store.consumePairingCode('code-a', t + 2000)).toBeNull();
    expect(await store.consumePairingCode('unknown', t + 1000)).toBeNull();
    expect(await store.consumePairingCode('code-b', t + 600_000)).toBeNull();
    expect(await store.consumePairingCode('code-b', t + 599_999)).toBe(accountId);
  });

  it('handed out by a removed device stop working', async () => {
    const store = await open();
    const { accountId, phone, tablet } = await household(store);
    const later = Date.now() + 600_000;
    await store.createPairingCode(accountId, 'from-phone', phone.deviceId, later);
    await store.createPairingCode(accountId, 'from-tablet', tablet.deviceId, later);
    await store.removeDevice(accountId, phone.deviceId);
    expect(await store.consumePairingCode('from-phone', Date.now())).toBeNull();
    expect(await store.consumePairingCode('from-tablet', Date.now())).toBe(accountId);
  });

  it('are purged once used or expired, and a dead code makes way for a new one with its hash', async () => {
    const clock = manualClock();
    const path = join(await tempDir(), 'relay.db');
    const store = await open(path, clock.now);
    const { accountId, phone } = await household(store);
    const t = clock.now();
    await store.createPairingCode(accountId, 'used', phone.deviceId, t + 600_000);
    await store.createPairingCode(accountId, 'expiring', phone.deviceId, t + 1000);
    await store.createPairingCode(accountId, 'live', phone.deviceId, t + 600_000);
    expect(await store.consumePairingCode('used', t)).toBe(accountId);

    // A live code is never replaced.
    await expect(store.createPairingCode(accountId, 'live', phone.deviceId, t + 600_000)).rejects.toThrow();
    // A used one is.
    await store.createPairingCode(accountId, 'used', phone.deviceId, t + 600_000);
    expect(await store.consumePairingCode('used', t)).toBe(accountId);

    clock.advance(1000);
    await store.purge(t - 1);
    const codes = allRows(path)
      .filter(({ table }) => table === 'pairing_codes')
      .map(({ row }) => row.code_hash);
    expect(codes).toEqual(['live']);
    expect(await store.consumePairingCode('live', clock.now())).toBe(accountId);
  });
});

describe('insertEvent', () => {
  it('stores a new event as pending and logs it', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
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
    const store = await open();
    const { accountId, daemon } = await household(store);
    const event = newEvent(accountId, daemon.deviceId);
    const first = await created(store, event);

    const repeat = await store.insertEvent({ ...event, sealed: 'e1.different' });
    expect(repeat).toEqual({ outcome: 'repeat', event: first.event });
    expect(await store.latestLogSeq(accountId)).toBe(1);
    expect(await store.pendingEvents(accountId)).toHaveLength(1);
  });

  it('refuses a tracker task another daemon of the account reported, not one of another account', async () => {
    const store = await open();
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
    const store = await open();
    const { daemon } = await household(store);
    await expect(store.insertEvent(newEvent('no-such-account', daemon.deviceId))).rejects.toThrow();
  });
});

describe('setStatus', () => {
  it('reports an unknown call, or one of another account, as not found', async () => {
    const store = await open();
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
    const store = await open(':memory:', clock.now);
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
    expect(await store.pendingEvents(accountId)).toEqual([]);

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
    const store = await open();
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
    expect(await store.pendingEvents(accountId)).toEqual([]);
  });
});

describe('the account log', () => {
  it('numbers entries strictly increasing per account, independently between accounts', async () => {
    const store = await open();
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
    const store = await open();
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

  it('lists pending and answered calls oldest first', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const { accountId, daemon, phone } = await household(store);
    const first = await created(store, newEvent(accountId, daemon.deviceId));
    const second = await created(store, newEvent(accountId, daemon.deviceId));
    clock.advance(-5000); // the clock stepped back: received-at decides, then the log order
    const earliest = await created(store, newEvent(accountId, daemon.deviceId));
    clock.advance(10_000);
    const ended = await created(store, newEvent(accountId, daemon.deviceId));
    await store.setStatus(accountId, second.event.eventId, 'answered', phone.deviceId);
    await store.setStatus(accountId, ended.event.eventId, 'rejected', phone.deviceId);

    const pending = await store.pendingEvents(accountId);
    expect(pending.map((event) => [event.eventId, event.status])).toEqual([
      [earliest.event.eventId, 'pending'],
      [first.event.eventId, 'pending'],
      [second.event.eventId, 'answered'],
    ]);
  });
});

describe('purge', () => {
  it('drops old log entries and ended calls, keeps open calls, and never reuses a seq', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const { accountId, daemon, phone } = await household(store);
    const t0 = clock.now();

    const ended = await created(store, newEvent(accountId, daemon.deviceId)); // seq 1
    const open1 = await created(store, newEvent(accountId, daemon.deviceId)); // seq 2
    await store.setStatus(accountId, ended.event.eventId, 'rejected', phone.deviceId); // seq 3
    clock.advance(60_000);
    const late = await created(store, newEvent(accountId, daemon.deviceId)); // seq 4
    await store.setStatus(accountId, late.event.eventId, 'acknowledged', phone.deviceId); // seq 5

    expect(await store.purge(t0)).toEqual({ logEntries: 0, events: 0, replies: 0 });
    expect(await store.purge(t0 + 1)).toEqual({ logEntries: 3, events: 1, replies: 0 });
    expect(await store.getEvent(accountId, ended.event.eventId)).toBeNull();
    expect(await store.getEvent(accountId, open1.event.eventId)).not.toBeNull();
    expect(await store.getEvent(accountId, late.event.eventId)).not.toBeNull();
    expect(await store.oldestLogSeq(accountId)).toBe(4);
    expect(await store.latestLogSeq(accountId)).toBe(5);
    expect((await store.logSince(accountId, 0, 10)).map((entry) => entry.seq)).toEqual([4, 5]);

    clock.advance(60_000);
    expect(await store.purge(clock.now())).toEqual({ logEntries: 2, events: 1, replies: 0 });
    expect(await store.oldestLogSeq(accountId)).toBeNull();
    expect(await store.latestLogSeq(accountId)).toBe(5);
    expect((await store.pendingEvents(accountId)).map((event) => event.eventId)).toEqual([
      open1.event.eventId,
    ]);

    const next = await created(store, newEvent(accountId, daemon.deviceId));
    expect(next.log.seq).toBe(6);
    expect(await store.oldestLogSeq(accountId)).toBe(6);
  });

  it('lets a purged event id and task id be used again', async () => {
    const clock = manualClock();
    const store = await open(':memory:', clock.now);
    const { accountId, daemon, phone } = await household(store);
    const event = newEvent(accountId, daemon.deviceId, { source: 'tracker', taskId: 'LIN-7' });
    await created(store, event);
    await store.setStatus(accountId, event.eventId, 'rejected', phone.deviceId);
    clock.advance(1000);
    expect((await store.insertEvent(newEvent(accountId, daemon.deviceId, { taskId: 'LIN-7' }))).outcome).toBe(
      'duplicate_task',
    );
    await store.purge(clock.now());
    expect((await store.insertEvent(event)).outcome).toBe('created');
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
