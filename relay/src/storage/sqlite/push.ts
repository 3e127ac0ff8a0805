import type { PushStore, SavedPushSubscription } from '../relay-store';
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
    deleteAt: db.prepare<[string, string, string]>(
      'DELETE FROM push_subscriptions WHERE account_id = ? AND device_id = ? AND endpoint = ?',
    ),
    deviceLive: db.prepare<[string, string], { found: number }>(
      'SELECT 1 AS found FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    holder: db.prepare<[string], { account_id: string; device_id: string }>(
      'SELECT account_id, device_id FROM push_subscriptions WHERE endpoint = ?',
    ),
    ofDevice: db.prepare<[string, string], SubscriptionRow>(
      `SELECT account_id, device_id, endpoint, p256dh, auth FROM push_subscriptions
       WHERE account_id = ? AND device_id = ?`,
    ),
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
      return commit.write((): SavedPushSubscription => {
        if (!s.deviceLive.get(deviceId, accountId)) return 'device_gone';
        const holder = s.holder.get(endpoint);
        if (holder && holder.account_id !== accountId) return 'endpoint_taken';
        // The same phone subscribed again as another device of the account: the endpoint moves.
        if (holder && holder.device_id !== deviceId) s.deleteAt.run(accountId, holder.device_id, endpoint);
        s.saveSubscription.run({ accountId, deviceId, endpoint, p256dh, auth, at });
        return 'saved';
      });
    },
    async deletePushSubscription(accountId, deviceId) {
      return commit.write(() => s.deleteOfDevice.run(accountId, deviceId).changes > 0);
    },
    async deletePushSubscriptionAt({ accountId, deviceId, endpoint }) {
      return commit.write(() => s.deleteAt.run(accountId, deviceId, endpoint).changes > 0);
    },
    async pushSubscriptionOf(accountId, deviceId) {
      const row = s.ofDevice.get(accountId, deviceId);
      return row ? toSubscription(row) : null;
    },
    async pushSubscriptionsOf(accountId) {
      return s.ofAccount.all(accountId).map(toSubscription);
    },
    ...sqlitePushSchedule(context),
  };
}
