import type { CallStatus, PushStore, SavedPushSubscription } from '../relay-store';
import { type SubscriptionRow, toSubscription } from '../store-rows';
import type { PostgresContext, Sql } from './context';

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
export function postgresPush({ sql: db, now, statement, transaction }: PostgresContext): PushStore {
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
      // run again, finds the winner holding it.
      for (let attempt = 1; ; attempt++) {
        try {
          return await save();
        } catch (error) {
          if ((error as { code?: string }).code !== UNIQUE_VIOLATION || attempt >= 3) throw error;
        }
      }
    },

    async deletePushSubscription(accountId, deviceId) {
      const { rowCount } = await db.query(
        'DELETE FROM push_subscriptions WHERE account_id = $1 AND device_id = $2',
        [accountId, deviceId],
      );
      return (rowCount ?? 0) > 0;
    },

    async deletePushSubscriptionAt({ accountId, deviceId, endpoint }) {
      const { rowCount } = await db.query(
        'DELETE FROM push_subscriptions WHERE account_id = $1 AND device_id = $2 AND endpoint = $3',
        [accountId, deviceId, endpoint],
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

    async startPushSchedule(accountId, eventId, { nextAt, endsAt }) {
      await db.query(
        `INSERT INTO push_schedule (account_id, event_id, next_at, ends_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [accountId, eventId, Math.floor(nextAt), Math.floor(endsAt)],
      );
    },

    async claimDuePushes(at, { limit, realert }) {
      // The due rows are locked as they are picked, SKIP LOCKED passes over the ones another
      // instance is claiming, and the new next_at takes a claimed row out of everyone's reach:
      // each due push goes to one instance. The jitter is drawn per row.
      const { rows } = await statement(() =>
        db.query<{ account_id: string; event_id: string; ends_at: number; status: CallStatus }>(
          `UPDATE push_schedule s
           SET next_at = CASE
             WHEN s.ends_at > $1::bigint
               THEN LEAST(s.ends_at, $1::bigint + $3::bigint + floor(random() * (2 * $4::bigint + 1))::bigint - $4::bigint)
             ELSE $1::bigint + $3::bigint END
           FROM (
             SELECT p.account_id, p.event_id, e.status FROM push_schedule p
             JOIN events e ON e.account_id = p.account_id AND e.event_id = p.event_id
             WHERE p.next_at <= $1 ORDER BY p.next_at LIMIT $2
             FOR UPDATE OF p SKIP LOCKED
           ) due
           WHERE s.account_id = due.account_id AND s.event_id = due.event_id
           RETURNING s.account_id, s.event_id, s.ends_at, due.status`,
          [Math.floor(at), limit, Math.floor(realert.base), Math.floor(realert.jitter)],
        ),
      );
      return rows.map((row) => ({
        accountId: row.account_id,
        eventId: row.event_id,
        status: row.status,
        endsAt: row.ends_at,
      }));
    },

    async endPushSchedule(accountId, eventId) {
      // Of callers racing to end it, one deletes the row; the others find it gone.
      const { rowCount } = await db.query(
        'DELETE FROM push_schedule WHERE account_id = $1 AND event_id = $2',
        [accountId, eventId],
      );
      return (rowCount ?? 0) > 0;
    },
  };
}
