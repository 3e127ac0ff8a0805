import type { DeviceChange } from '../../cluster/channels';
import { CHANNELS } from '../../cluster/channels';
import type { Sql } from './context';

/**
 * Sends a notification from inside the caller's transaction: PostgreSQL delivers it only if
 * that transaction commits, after the write is visible, and in commit order.
 */
export async function notify(sql: Sql, channel: string, payload: string): Promise<void> {
  await sql.query('SELECT pg_notify($1, $2)', [channel, payload]);
}

/** The account's device names changed (a stream shows them beside each call). */
export function notifyDevices(sql: Sql, accountId: string, deviceId: string, change: DeviceChange) {
  return notify(sql, CHANNELS.devices, `${accountId}:${deviceId}:${change}`);
}
