// Shared by the SQLite store's tests: a store that is closed after each test, a hand-moved
// clock, a household of devices, events, and raw reads of the database file.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach } from 'vitest';
import type { DeviceKind, NewEvent, RelayStore } from '../relay-store';
import {
  openSqliteRelayStore,
  type SqliteRelayStore,
  type SqliteRelayStoreOptions,
} from '../sqlite-relay-store';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-relay-store-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A clock the test moves by hand. */
export function manualClock(start = Date.parse('2025-03-01T12:00:00.000Z')) {
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

/** A store closed after the test. */
export async function open(
  path = ':memory:',
  now?: () => number,
  options: SqliteRelayStoreOptions = {},
): Promise<SqliteRelayStore> {
  const store = await openSqliteRelayStore(path, { ...options, ...(now ? { now } : {}) });
  cleanups.push(() => store.close());
  return store;
}

let tokens = 0;
export function device(kind: DeviceKind, name: string) {
  tokens += 1;
  return { kind, name, tokenHash: `hash-${tokens}-${randomBytes(8).toString('hex')}` };
}

/** An account with a daemon and two phones. */
export async function household(store: RelayStore) {
  const daemonInput = device('daemon', 'laptop');
  const daemon = await store.createAccount(daemonInput);
  const phone = await store.addDevice(daemon.accountId, device('app', "Anna's phone"));
  const tablet = await store.addDevice(daemon.accountId, device('app', 'tablet'));
  return { accountId: daemon.accountId, daemon, daemonTokenHash: daemonInput.tokenHash, phone, tablet };
}

let eventCount = 0;
export function newEvent(
  accountId: string,
  fromDeviceId: string,
  overrides: Partial<NewEvent> = {},
): NewEvent {
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

export async function created(store: RelayStore, event: NewEvent) {
  const result = await store.insertEvent(event);
  if (result.outcome !== 'created') throw new Error(`expected created, got ${result.outcome}`);
  return result;
}

/** Every open call of the account, read page by page. */
export async function allPending(store: RelayStore, accountId: string, limit = 100) {
  const events = [];
  let afterSeq = 0;
  for (;;) {
    const page = await store.pendingEvents(accountId, { afterSeq, limit });
    events.push(...page.events);
    if (page.next === null) return events;
    afterSeq = page.next;
  }
}

/** Every row of every table, read straight from the file. */
export function allRows(path: string): { table: string; row: Record<string, unknown> }[] {
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

export function cellsContaining(path: string, needle: string): string[] {
  return allRows(path).flatMap(({ table, row }) =>
    Object.entries(row)
      .filter(([, value]) => String(value).includes(needle))
      .map(([column]) => `${table}.${column}`),
  );
}
