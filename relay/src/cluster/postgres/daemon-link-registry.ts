import { randomUUID } from 'node:crypto';
import type { Pool } from 'pg';
import { CHANNELS } from '../channels';

/**
 * Which instance holds each daemon's link, in the shared database: a row per daemon, naming the
 * link and the notification session of the instance holding it. A row is believed only while
 * that session is alive in `pg_stat_activity`, so an instance killed with SIGKILL stops
 * counting as holding its links as soon as PostgreSQL notices its connections are gone.
 */
export class DaemonLinkRegistry {
  readonly #pool: Pool;
  readonly #now: () => number;
  /** The links held here: device → link id. */
  readonly #mine = new Map<string, string>();

  constructor(pool: Pool, now: () => number) {
    this.#pool = pool;
    this.#now = now;
  }

  /** Records a link opened here and tells every instance, whose older link of it then closes. */
  async opened(deviceId: string, listenerPid: number): Promise<string> {
    const linkId = randomUUID();
    this.#mine.set(deviceId, linkId);
    await this.#pool.query(
      `WITH registered AS (
         INSERT INTO daemon_links (device_id, link_id, listener_pid, listener_started, connected_at)
         SELECT $1, $2, pid, backend_start, $3 FROM pg_stat_activity WHERE pid = $4
         ON CONFLICT (device_id) DO UPDATE
           SET link_id = excluded.link_id, listener_pid = excluded.listener_pid,
               listener_started = excluded.listener_started, connected_at = excluded.connected_at
         RETURNING device_id
       )
       SELECT pg_notify($5, $1 || ':' || $2) FROM registered`,
      [deviceId, linkId, this.#now(), listenerPid, CHANNELS.links],
    );
    return linkId;
  }

  async closed(deviceId: string, linkId: string): Promise<void> {
    if (this.#mine.get(deviceId) === linkId) this.#mine.delete(deviceId);
    await this.#pool.query('DELETE FROM daemon_links WHERE device_id = $1 AND link_id = $2', [
      deviceId,
      linkId,
    ]);
  }

  /**
   * Another instance announced link `linkId` of the device: whether the link held here for it
   * is now the older one. Asked of the database, since two announcements may cross.
   */
  async isReplaced(deviceId: string, linkId: string): Promise<boolean> {
    const mine = this.#mine.get(deviceId);
    if (mine === undefined || mine === linkId) return false;
    const { rows } = await this.#pool.query<{ link_id: string }>(
      'SELECT link_id FROM daemon_links WHERE device_id = $1',
      [deviceId],
    );
    return rows[0]?.link_id !== mine;
  }

  /** Whether some instance holds a live link of the device. */
  async isOnline(deviceId: string): Promise<boolean> {
    const { rows } = await this.#pool.query(
      `SELECT 1 FROM daemon_links l
       JOIN pg_stat_activity a ON a.pid = l.listener_pid AND a.backend_start = l.listener_started
       WHERE l.device_id = $1`,
      [deviceId],
    );
    return rows.length > 0;
  }

  /** The notification session changed (reconnected): the links held here now live on it. */
  async moved(listenerPid: number): Promise<void> {
    if (this.#mine.size === 0) return;
    await this.#pool.query(
      `UPDATE daemon_links l SET listener_pid = a.pid, listener_started = a.backend_start
       FROM pg_stat_activity a WHERE a.pid = $1 AND l.link_id = ANY($2::text[])`,
      [listenerPid, [...this.#mine.values()]],
    );
  }

  /** Drops the rows of links whose instance is gone. */
  async sweep(): Promise<number> {
    const { rowCount } = await this.#pool.query(
      `DELETE FROM daemon_links l WHERE NOT EXISTS (
         SELECT 1 FROM pg_stat_activity a WHERE a.pid = l.listener_pid AND a.backend_start = l.listener_started)`,
    );
    return rowCount ?? 0;
  }
}
