// Shared by the store tests of every backend: a hand-moved clock, a household of devices,
// events, and paging helpers. Everything goes through the `RelayStore` interface.
import { randomBytes } from 'node:crypto';
import type { DeviceKind, NewCallPushes, NewEvent, RelayStore } from '../relay-store';

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

/** Stores a new event (with `pushes`, its push schedule too); throws unless it was created. */
export async function created(store: RelayStore, event: NewEvent, pushes?: NewCallPushes) {
  const result = await store.insertEvent(event, pushes);
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

/** An account with a daemon, a phone and one event, `evt-1`, from the daemon. */
export async function accountWithEvent(store: RelayStore) {
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

/** A reply from `fromDeviceId` to the event (`evt-1` unless named). */
export const newReply = (accountId: string, fromDeviceId: string, replyId: string, eventId = 'evt-1') => ({
  accountId,
  replyId,
  eventId,
  fromDeviceId,
  sealed: `e1.reply.${replyId}`,
});
