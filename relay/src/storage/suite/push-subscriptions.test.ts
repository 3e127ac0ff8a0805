import { describe, expect, it } from 'vitest';
import type { PushSubscriptionRecord } from '../relay-store';
import { forEachBackend } from './backends';
import { household } from './store-fixtures';

const subscription = (accountId: string, deviceId: string, endpoint: string): PushSubscriptionRecord => ({
  accountId,
  deviceId,
  endpoint,
  p256dh: `p256dh-of-${deviceId}`,
  auth: `auth-of-${deviceId}`,
});

forEachBackend((backend) => {
  describe('VAPID key pair', () => {
    it('keeps the first pair stored, whoever stores one later', async () => {
      const store = await backend.open();
      const first = { publicKey: 'public-1', privateKey: 'private-1' };
      expect(await store.vapidKeys(first)).toEqual(first);
      expect(await store.vapidKeys({ publicKey: 'public-2', privateKey: 'private-2' })).toEqual(first);
    });

    it('gives every one of several racing instances the same pair', async () => {
      const store = await backend.open();
      // On PostgreSQL each store has a pool of its own, as each relay instance does.
      const stores = backend.name === 'postgres' ? [store, await backend.open()] : [store];
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          stores[i % stores.length]?.vapidKeys({ publicKey: `public-${i}`, privateKey: `private-${i}` }),
        ),
      );
      expect(new Set(answers.map((keys) => keys?.publicKey)).size).toBe(1);
    });
  });

  describe('push subscriptions', () => {
    it('keeps one subscription per device: a new one replaces the old', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      expect(await store.pushSubscriptionsOf(accountId)).toEqual([]);

      expect(
        await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/a')),
      ).toBe('saved');
      await store.savePushSubscription(subscription(accountId, tablet.deviceId, 'https://push/t'));
      await store.savePushSubscription({
        ...subscription(accountId, phone.deviceId, 'https://push/b'),
        auth: 'new-auth',
      });

      const saved = await store.pushSubscriptionsOf(accountId);
      expect(saved).toHaveLength(2);
      expect(saved).toEqual(
        expect.arrayContaining([
          { ...subscription(accountId, phone.deviceId, 'https://push/b'), auth: 'new-auth' },
          subscription(accountId, tablet.deviceId, 'https://push/t'),
        ]),
      );
    });

    it('lists only the account’s own subscriptions', async () => {
      const store = await backend.open();
      const one = await household(store);
      const two = await household(store);
      await store.savePushSubscription(subscription(one.accountId, one.phone.deviceId, 'https://push/1'));
      await store.savePushSubscription(subscription(two.accountId, two.phone.deviceId, 'https://push/2'));
      expect((await store.pushSubscriptionsOf(one.accountId)).map((s) => s.endpoint)).toEqual([
        'https://push/1',
      ]);
    });

    it('deletes a device’s subscription, and says whether it had one', async () => {
      const store = await backend.open();
      const { accountId, phone } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/a'));
      expect(await store.deletePushSubscription(accountId, phone.deviceId)).toBe(true);
      expect(await store.deletePushSubscription(accountId, phone.deviceId)).toBe(false);
      expect(await store.pushSubscriptionsOf(accountId)).toEqual([]);
    });

    it('deletes only the subscription a refused push was sent for: that device, at that endpoint', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/gone'));
      await store.savePushSubscription(subscription(accountId, tablet.deviceId, 'https://push/live'));
      const gone = { accountId, deviceId: phone.deviceId, endpoint: 'https://push/gone' };
      // Another device, or another endpoint, is not the row the push went to.
      expect(await store.deletePushSubscriptionAt({ ...gone, deviceId: tablet.deviceId })).toBe(false);
      expect(await store.deletePushSubscriptionAt({ ...gone, endpoint: 'https://push/live' })).toBe(false);
      expect(await store.deletePushSubscriptionAt(gone)).toBe(true);
      expect(await store.deletePushSubscriptionAt(gone)).toBe(false);
      expect((await store.pushSubscriptionsOf(accountId)).map((s) => s.deviceId)).toEqual([tablet.deviceId]);
    });

    it('keeps a subscription the device renewed after the refused push was sent', async () => {
      const store = await backend.open();
      const { accountId, phone } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/old'));
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/new'));
      expect(
        await store.deletePushSubscriptionAt({
          accountId,
          deviceId: phone.deviceId,
          endpoint: 'https://push/old',
        }),
      ).toBe(false);
      expect((await store.pushSubscriptionOf(accountId, phone.deviceId))?.endpoint).toBe('https://push/new');
    });

    it('gives a device its own subscription, or null', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/p'));
      expect(await store.pushSubscriptionOf(accountId, phone.deviceId)).toEqual(
        subscription(accountId, phone.deviceId, 'https://push/p'),
      );
      expect(await store.pushSubscriptionOf(accountId, tablet.deviceId)).toBeNull();
      const other = await household(store);
      expect(await store.pushSubscriptionOf(other.accountId, phone.deviceId)).toBeNull();
    });

    it('refuses an endpoint a device of another account holds, and changes nothing', async () => {
      const store = await backend.open();
      const one = await household(store);
      const two = await household(store);
      await store.savePushSubscription(subscription(one.accountId, one.phone.deviceId, 'https://push/phone'));
      expect(
        await store.savePushSubscription(
          subscription(two.accountId, two.phone.deviceId, 'https://push/phone'),
        ),
      ).toBe('endpoint_taken');
      expect(await store.pushSubscriptionOf(one.accountId, one.phone.deviceId)).toEqual(
        subscription(one.accountId, one.phone.deviceId, 'https://push/phone'),
      );
      expect(await store.pushSubscriptionsOf(two.accountId)).toEqual([]);
    });

    it('moves an endpoint to the device of the same account that subscribes with it', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/shared'));
      expect(
        await store.savePushSubscription(subscription(accountId, tablet.deviceId, 'https://push/shared')),
      ).toBe('saved');
      expect(await store.pushSubscriptionOf(accountId, phone.deviceId)).toBeNull();
      expect(await store.pushSubscriptionsOf(accountId)).toEqual([
        subscription(accountId, tablet.deviceId, 'https://push/shared'),
      ]);
    });

    it('gives an endpoint to one account of several racing for it', async () => {
      const store = await backend.open();
      // On PostgreSQL each store has a pool of its own, as each relay instance does.
      const stores = backend.name === 'postgres' ? [store, await backend.open()] : [store];
      const homes = await Promise.all(Array.from({ length: 4 }, () => household(store)));
      const outcomes = await Promise.all(
        homes.map((home, i) =>
          stores[i % stores.length]?.savePushSubscription(
            subscription(home.accountId, home.phone.deviceId, 'https://push/raced'),
          ),
        ),
      );
      expect(outcomes.filter((outcome) => outcome === 'saved')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'endpoint_taken')).toHaveLength(3);
      const holders = await Promise.all(homes.map((home) => store.pushSubscriptionsOf(home.accountId)));
      expect(holders.flat()).toHaveLength(1);
    });

    it('removes a device’s subscription with the device, and takes none for a removed device', async () => {
      const store = await backend.open();
      const { accountId, phone, tablet } = await household(store);
      await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/p'));
      await store.savePushSubscription(subscription(accountId, tablet.deviceId, 'https://push/t'));
      expect(await store.removeDevice(accountId, phone.deviceId)).toEqual({ released: [] });
      expect((await store.pushSubscriptionsOf(accountId)).map((s) => s.deviceId)).toEqual([tablet.deviceId]);

      expect(
        await store.savePushSubscription(subscription(accountId, phone.deviceId, 'https://push/p2')),
      ).toBe('device_gone');
      expect((await store.pushSubscriptionsOf(accountId)).map((s) => s.deviceId)).toEqual([tablet.deviceId]);
    });
  });
});
