import type { CallStatus, PushStore, SavedPushSubscription } from '../relay-store';
import { type SubscriptionRow, toSubscription } from '../store-rows';
import type { SqliteContext } from './context';

/** Web Push on SQLite: one relay process, so each write's transaction is all the claiming needs. */
export function sqlitePush({ db, commit, now }: SqliteContext): PushStore {
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
    startSchedule: db.prepare<[string, string, number, number]>(
      `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    ),
    anyDue: db.prepare<[number], { found: number }>(
      'SELECT 1 AS found FROM push_schedule WHERE next_at <= ? LIMIT 1',
    ),
    // A random jitter in [-jitter, +jitter] per row; once the window's end is past, the row waits
    // a re-alert (its claimer ends it meanwhile; if that fails, it comes round again).
    claim: db.prepare<
      { now: number; limit: number; base: number; jitter: number },
      { account_id: string; event_id: string; ends_at: number }
    >(
      `UPDATE push_schedule
       SET next_at = CASE
         WHEN ends_at > @now
           THEN MIN(ends_at, @now + @base + (abs(random()) % (2 * @jitter + 1)) - @jitter)
         ELSE @now + @base END
       WHERE rowid IN (
         SELECT rowid FROM push_schedule WHERE next_at <= @now ORDER BY next_at, rowid LIMIT @limit
       )
       RETURNING account_id, event_id, ends_at`,
    ),
    status: db.prepare<[string, string], { status: CallStatus }>(
      'SELECT status FROM events WHERE account_id = ? AND event_id = ?',
    ),
    endSchedule: db.prepare<[string, string]>(
      'DELETE FROM push_schedule WHERE account_id = ? AND event_id = ?',
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
    async startPushSchedule(accountId, eventId, { nextAt, endsAt }) {
      await commit.write(() =>
        s.startSchedule.run(accountId, eventId, Math.floor(nextAt), Math.floor(endsAt)),
      );
    },
    async claimDuePushes(at, { limit, realert }) {
      const nowMs = Math.floor(at);
      // Most ticks find nothing due: that costs a read, not a commit.
      if (!s.anyDue.get(nowMs)) return [];
      return commit.write(() =>
        s.claim
          .all({ now: nowMs, limit, base: Math.floor(realert.base), jitter: Math.floor(realert.jitter) })
          .flatMap((row) => {
            const event = s.status.get(row.account_id, row.event_id);
            if (!event) return [];
            return [
              { accountId: row.account_id, eventId: row.event_id, status: event.status, endsAt: row.ends_at },
            ];
          }),
      );
    },
    async endPushSchedule(accountId, eventId) {
      return commit.write(() => s.endSchedule.run(accountId, eventId).changes > 0);
    },
  };
}
