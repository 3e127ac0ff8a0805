import { describe, expect, it } from 'vitest';
import type { PushSubscriber } from './push-subscriber';
import { renewBackgroundRinging, turnOnBackgroundRinging } from './turn-on';

function fakeSubscriber(leftover = false) {
  const calls: (string | undefined)[] = [];
  const subscriber: PushSubscriber = {
    async subscribe(publicKey) {
      calls.push(publicKey);
      return 'subscribed';
    },
    async renew() {
      calls.push('renew');
      return 'kept';
    },
    async refusal() {
      return null;
    },
    async unsubscribe() {},
    async dropLeftover() {
      calls.push('drop');
      return leftover;
    },
  };
  return { subscriber, calls };
}

function fakeNotification(permission: NotificationPermission, answer: NotificationPermission) {
  const api = {
    permission,
    asked: 0,
    async requestPermission() {
      api.asked++;
      api.permission = answer;
      return answer;
    },
  };
  return api;
}

describe('turning background ringing on', () => {
  it('asks for permission within the tap itself, then subscribes for the key', async () => {
    const notification = fakeNotification('default', 'granted');
    const { subscriber, calls } = fakeSubscriber();
    const turning = turnOnBackgroundRinging(notification, subscriber, 'BKey');
    // Asked before anything was awaited: still inside the user's gesture.
    expect(notification.asked).toBe(1);
    expect(await turning).toEqual({ on: true });
    expect(calls).toEqual(['BKey']);
  });

  it('does not ask again when permission is already granted', async () => {
    const notification = fakeNotification('granted', 'granted');
    const { subscriber, calls } = fakeSubscriber();
    expect(await turnOnBackgroundRinging(notification, subscriber, 'BKey')).toEqual({ on: true });
    expect(notification.asked).toBe(0);
    expect(calls).toEqual(['BKey']);
  });

  it('stays off, subscribing nothing, when the user blocks or dismisses the prompt', async () => {
    for (const answer of ['denied', 'default'] as const) {
      const { subscriber, calls } = fakeSubscriber();
      expect(await turnOnBackgroundRinging(fakeNotification('default', answer), subscriber, 'BKey')).toEqual({
        on: false,
        permission: answer,
      });
      expect(calls).toEqual([]);
    }
  });
});

describe('renewing at start', () => {
  it('on: renews against what the relay holds when permission is still granted, and asks nothing without it', async () => {
    const { subscriber, calls } = fakeSubscriber();
    expect(await renewBackgroundRinging(true, 'granted', subscriber)).toBe('renewed');
    expect(await renewBackgroundRinging(true, 'default', subscriber)).toBe('skipped');
    expect(await renewBackgroundRinging(true, 'denied', subscriber)).toBe('skipped');
    expect(await renewBackgroundRinging(true, null, subscriber)).toBe('skipped');
    expect(calls).toEqual(['renew']);
  });

  it('off: ends a subscription left over, and does nothing without permission', async () => {
    const leftover = fakeSubscriber(true);
    expect(await renewBackgroundRinging(false, 'granted', leftover.subscriber)).toBe('dropped');
    const none = fakeSubscriber(false);
    expect(await renewBackgroundRinging(false, 'granted', none.subscriber)).toBe('skipped');
    expect(await renewBackgroundRinging(false, 'default', none.subscriber)).toBe('skipped');
    expect([...leftover.calls, ...none.calls]).toEqual(['drop', 'drop']);
  });
});
