import type { PushStore } from '../relay-store';
import { type SubscriptionRow, toSubscription } from '../store-rows';
import type { SqliteContext } from './context';
import { sqlitePushSchedule } from './push-schedule';

/** Web Push on SQLite: one relay process, so each write's transaction is all the claiming needs. */
export function sqlitePush(context: SqliteContext): PushStore {
  const { db, commit, now } = context;
  const s = {
    insertKeys: db.prepare<[string, string, number]>(
      `INSERT INTO vapid_keys (single, public_key, private_key, created_at) VALUES (1, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    keys: db.prepare<[], { public_key: string; private_key: string }>(
      'SELECT public_key, private_key FROM vapid_keys WHERE single = 1',
    ),
    saveSubscription: db.prepare<{
      accountId: string;
      deviceId: string;
      endpoint: string;
      p256dh: string;
      auth: string;
      at: number;
    }>(
      `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
       SELECT id, account_id, @endpoint, @p256dh, @auth, @at FROM devices
       WHERE id = @deviceId AND account_id = @accountId AND removed_at IS NULL
       ON CONFLICT (device_id) DO UPDATE
         SET endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth,
             created_at = excluded.created_at`,
    ),
    deleteOfDevice: db.prepare<[string, string]>(
      'DELETE FROM push_subscriptions WHERE account_id = ? AND device_id = ?',
    ),
    deleteAt: db.prepare<[string]>('DELETE FROM push_subscriptions WHERE endpoint = ?'),
    ofAccount: db.prepare<[string], SubscriptionRow>(
      `SELECT account_id, device_id, endpoint, p256dh, auth FROM push_subscriptions
       WHERE account_id = ? ORDER BY created_at, device_id`,
    ),
  };

  return {
    async vapidKeys(candidate) {
      const at = now();
      return commit.write(() => {
        s.insertKeys.run(candidate.publicKey, candidate.privateKey, at);
        const row = s.keys.get();
        if (!row) throw new Error('the VAPID key pair was not stored');
        return { publicKey: row.public_key, privateKey: row.private_key };
      });
    },
    async savePushSubscription(subscription) {
      const at = now();
      const { accountId, deviceId, endpoint, p256dh, auth } = subscription;
      return commit.write(
        () => s.saveSubscription.run({ accountId, deviceId, endpoint, p256dh, auth, at }).changes > 0,
      );
    },
    async deletePushSubscription(accountId, deviceId) {
      return commit.write(() => s.deleteOfDevice.run(accountId, deviceId).changes > 0);
    },
    async deletePushSubscriptionsAt(endpoint) {
      return commit.write(() => s.deleteAt.run(endpoint).changes);
    },
    async pushSubscriptionsOf(accountId) {
      return s.ofAccount.all(accountId).map(toSubscription);
    },
    ...sqlitePushSchedule(context),
  };
}
