import { describe, expect, it, vi } from 'vitest';
import {
  closeStaleNotifications,
  closeStaleNotificationsWhenShown,
  type ShownNotificationLike,
  type StaleNotificationDeps,
} from './stale-notifications';

function shown(data: unknown, closed: string[], name: string): ShownNotificationLike {
  return { data, close: () => closed.push(name) };
}

function fakeWorld(pending: string[] | Error) {
  const closed: string[] = [];
  const asked: string[] = [];
  const notifications = [
    shown({ eventId: 'evt-over' }, closed, 'evt-over'),
    shown({ eventId: 'evt-ringing' }, closed, 'evt-ringing'),
    shown({ eventId: 'evt-missed' }, closed, 'evt-missed'),
    shown(null, closed, 'no call'),
  ];
  const deps: StaleNotificationDeps = {
    notifications: async () => notifications,
    pendingIds: async () => {
      asked.push('pending');
      if (pending instanceof Error) throw pending;
      return new Set(pending);
    },
  };
  return { deps, closed, asked, notifications };
}

describe('closing the notifications of calls that are over', () => {
  it('closes those whose call is not pending, and leaves pending calls and other notifications', async () => {
    const world = fakeWorld(['evt-ringing', 'evt-missed']);
    expect(await closeStaleNotifications(world.deps)).toBe(1);
    expect(world.closed).toEqual(['evt-over']);
  });

  it('asks nothing when no call has a notification', async () => {
    const world = fakeWorld([]);
    world.notifications.splice(0, 3);
    expect(await closeStaleNotifications(world.deps)).toBe(0);
    expect(world.asked).toEqual([]);
    expect(world.closed).toEqual([]);
  });

  it('closes nothing when it cannot tell which calls are pending', async () => {
    const world = fakeWorld(new Error('offline'));
    await expect(closeStaleNotifications(world.deps)).rejects.toThrow('offline');
    expect(world.closed).toEqual([]);
  });

  it('runs when the app opens and each time the page is shown again, not when it is hidden', async () => {
    const world = fakeWorld([]);
    const listeners: (() => void)[] = [];
    const document = {
      visibilityState: 'visible' as DocumentVisibilityState,
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: vi.fn(),
    };
    const stop = closeStaleNotificationsWhenShown(document as unknown as Document, world.deps);
    await vi.waitFor(() => expect(world.asked).toHaveLength(1));
    document.visibilityState = 'hidden';
    for (const listener of listeners) listener();
    document.visibilityState = 'visible';
    for (const listener of listeners) listener();
    await vi.waitFor(() => expect(world.asked).toHaveLength(2));
    stop();
    expect(document.removeEventListener).toHaveBeenCalledOnce();
  });
});
