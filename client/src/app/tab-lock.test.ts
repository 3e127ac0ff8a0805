import { afterEach, describe, expect, it, vi } from 'vitest';
import { claimTabLock, ELECTION_WAIT_MS, type TabLock } from './tab-lock';

const locks: TabLock[] = [];
const open = (tabId: string) => {
  const lock = claimTabLock('ringback.session.test', {
    channel: (name) => new BroadcastChannel(name),
    tabId,
  });
  locks.push(lock);
  return lock;
};
/** BroadcastChannel delivers on the event loop: real time, a little at a time. */
const settle = () => new Promise((resolve) => setTimeout(resolve, ELECTION_WAIT_MS + 100));

afterEach(() => {
  for (const lock of locks.splice(0)) lock.release();
  vi.useRealTimers();
});

describe('the session lock between tabs (BroadcastChannel, where Web Locks are missing)', () => {
  it('gives the session to one tab; a second one opened later learns it is held elsewhere', async () => {
    const first = open('tab-a');
    await settle();
    expect(first.state()).toBe('holding');
    const second = open('tab-b');
    await settle();
    expect([first.state(), second.state()]).toEqual(['holding', 'elsewhere']);
  });

  it('elects exactly one of two tabs opened together', async () => {
    const a = open('tab-a');
    const b = open('tab-b');
    await settle();
    expect([a.state(), b.state()].sort()).toEqual(['elsewhere', 'holding']);
  });

  it('lets another tab take the session over, and the one that held it lets go', async () => {
    const first = open('tab-a');
    await settle();
    const second = open('tab-b');
    await settle();
    const changes: string[] = [];
    first.subscribe(() => changes.push(first.state()));
    second.takeOver();
    await settle();
    expect([first.state(), second.state()]).toEqual(['elsewhere', 'holding']);
    expect(changes).toEqual(['elsewhere']);
  });

  it('hands the session on when the tab holding it closes', async () => {
    const first = open('tab-a');
    await settle();
    const second = open('tab-b');
    await settle();
    first.release();
    await settle();
    expect(second.state()).toBe('holding');
  });

  it('holds at once where there is nothing to coordinate with', () => {
    expect(claimTabLock('x', { tabId: 't' }).state()).toBe('holding');
  });
});
