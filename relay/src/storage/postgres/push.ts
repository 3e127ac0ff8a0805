import type { PushStore, SavedPushSubscription } from '../relay-store';
import { type SubscriptionRow, toSubscription } from '../store-rows';
import type { PostgresContext, Sql } from './context';
import { postgresPushSchedule } from './push-schedule';

/** Drops a removed device's push subscription. Call inside the removal's transaction. */
export async function forgetPushSubscription(sql: Sql, deviceId: string): Promise<void> {
  await sql.query('DELETE FROM push_subscriptions WHERE device_id = $1', [deviceId]);
}

/** PostgreSQL's unique_violation. */
const UNIQUE_VIOLATION = '23505';

/**
 * Web Push on PostgreSQL, shared by every relay instance: each rule is one statement whose row
 * locks decide between instances (see each method).
 */
export function postgresPush(context: PostgresContext): PushStore {
  const { sql: db, now, statement, transaction } = context;
  return {
    async vapidKeys(candidate) {
      // Of instances starting together, the first insert to commit wins; the others' conflict
      // waits for it and then reads the winner's pair.
      await statement(() =>
        db.query(
          `INSERT INTO vapid_keys (public_key, private_key, created_at) VALUES ($1, $2, $3)
           ON CONFLICT DO NOTHING`,
          [candidate.publicKey, candidate.privateKey, now()],
        ),
      );
      const { rows } = await db.query<{ public_key: string; private_key: string }>(
        'SELECT public_key, private_key FROM vapid_keys',
      );
      const row = rows[0];
      if (!row) throw new Error('the VAPID key pair was not stored');
      return { publicKey: row.public_key, privateKey: row.private_key };
    },

    async savePushSubscription(subscription) {
      const { accountId, deviceId, endpoint, p256dh, auth } = subscription;
      const save = () =>
        transaction(async (sql): Promise<SavedPushSubscription> => {
          // FOR SHARE waits out a removal of the device in progress (its UPDATE locks the row),
          // then finds it removed: a removed device never keeps a subscription.
          const live = await sql.query(
            'SELECT 1 FROM devices WHERE id = $1 AND account_id = $2 AND removed_at IS NULL FOR SHARE',
            [deviceId, accountId],
          );
          if (live.rowCount === 0) return 'device_gone';
          const { rows } = await sql.query<{ account_id: string; device_id: string }>(
            'SELECT account_id, device_id FROM push_subscriptions WHERE endpoint = $1 FOR UPDATE',
            [endpoint],
          );
          const holder = rows[0];
          if (holder && holder.account_id !== accountId) return 'endpoint_taken';
          // The same phone subscribed again as another device of the account: the endpoint moves.
          if (holder && holder.device_id !== deviceId)
            await sql.query('DELETE FROM push_subscriptions WHERE device_id = $1 AND endpoint = $2', [
              holder.device_id,
              endpoint,
            ]);
          await sql.query(
            `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (device_id) DO UPDATE
               SET endpoint = excluded.endpoint, p256dh = excluded.p256dh, auth = excluded.auth,
                   created_at = excluded.created_at`,
            [deviceId, accountId, endpoint, p256dh, auth, now()],
          );
          return 'saved';
        });
      // Two devices saving one endpoint at once: the unique index lets one commit; the other,
      // run again, finds the winner holding it. (Deadlocks and serialization failures, say two
      // devices swapping endpoints, are run again by `transaction` itself.)
      for (let attempt = 1; ; attempt++) {
        try {
          return await save();
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 3) throw error;
        }
      }
    },

    async deletePushSubscription(accountId, deviceId) {
      const { rowCount } = await statement(() =>
        db.query('DELETE FROM push_subscriptions WHERE account_id = $1 AND device_id = $2', [
          accountId,
          deviceId,
        ]),
      );
      return (rowCount ?? 0) > 0;
    },

    async deletePushSubscriptionAt({ accountId, deviceId, endpoint }) {
      const { rowCount } = await statement(() =>
        db.query(
          'DELETE FROM push_subscriptions WHERE account_id = $1 AND device_id = $2 AND endpoint = $3',
          [accountId, deviceId, endpoint],
        ),
      );
      return (rowCount ?? 0) > 0;
    },

    async pushSubscriptionOf(accountId, deviceId) {
      const { rows } = await db.query<SubscriptionRow>(
        `SELECT account_id, device_id, endpoint, p256dh, auth FROM push_subscriptions
         WHERE account_id = $1 AND device_id = $2`,
        [accountId, deviceId],
      );
      const row = rows[0];
      return row ? toSubscription(row) : null;
    },

    async pushSubscriptionsOf(accountId) {
      const { rows } = await db.query<SubscriptionRow>(
        `SELECT account_id, device_id, endpoint, p256dh, auth FROM push_subscriptions
         WHERE account_id = $1 ORDER BY created_at, device_id`,
        [accountId],
      );
      return rows.map(toSubscription);
    },

    ...postgresPushSchedule(context),
  };
}
