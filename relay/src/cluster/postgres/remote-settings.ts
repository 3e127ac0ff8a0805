import type { Pool } from 'pg';
import { settingsKey } from '../../link/settings-broker';
import type { RelayLogger } from '../../relay-logger';
import { CHANNELS } from '../channels';
import type { LocalRelay, SettingsOutcome, SettingsResult } from '../relay-cluster';

/** A request row no instance finished with (its asker died) is dropped after this. */
export const SETTINGS_ROW_TTL_MS = 5 * 60_000;

/** How often an asker checks that the daemon's link is still held somewhere. */
const LINK_WATCH_MS = 2_000;

/** How long the instance holding the link waits for the daemon: longer than any asker does. */
const FORWARD_WAIT_MS = 60_000;

/** What an instance writes as the answer when the daemon's link failed under it. */
type StoredAnswer = SettingsResult | { offline: true };

/**
 * Settings requests for a daemon whose link another instance holds. The request waits in the
 * database (it may be a sealed image far beyond a notification's 8000 bytes); a notification
 * tells the instances, the one holding the link sends it down and writes the daemon's answer
 * back, and a notification wakes the asker, which reads the answer and deletes the row.
 */
export class RemoteSettings {
  readonly #pool: Pool;
  readonly #local: LocalRelay;
  readonly #logger: RelayLogger;
  readonly #waiting = new Map<string, () => void>();
  readonly #isOnline: (deviceId: string) => Promise<boolean>;

  /** `isOnline`: whether some instance still holds the daemon's link (daemon-link-registry.ts). */
  constructor(pool: Pool, local: LocalRelay, isOnline: (deviceId: string) => Promise<boolean>) {
    this.#pool = pool;
    this.#local = local;
    this.#logger = local.logger;
    this.#isOnline = isOnline;
  }

  async ask(
    deviceId: string,
    requestId: string,
    sealed: string,
    timeoutMs: number,
  ): Promise<SettingsOutcome> {
    const key = settingsKey(deviceId, requestId);
    const inserted = await this.#pool.query(
      `INSERT INTO relayed_settings (device_id, request_id, sealed, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING`,
      [deviceId, requestId, sealed, this.#local.now()],
    );
    if (inserted.rowCount === 0) return { refused: 'in_flight' };
    let stopWatching = () => {};
    try {
      const answered = new Promise<'answered' | 'timeout' | 'offline'>((resolve) => {
        const timer = setTimeout(() => resolve('timeout'), timeoutMs);
        // The instance holding the link may die meanwhile: say so then, not at the deadline.
        const watch = setInterval(() => {
          this.#isOnline(deviceId).then(
            (online) => online || resolve('offline'),
            () => {},
          );
        }, LINK_WATCH_MS);
        stopWatching = () => {
          clearTimeout(timer);
          clearInterval(watch);
        };
        this.#waiting.set(key, () => resolve('answered'));
      });
      await this.#pool.query('SELECT pg_notify($1, $2)', [CHANNELS.settings, `ask:${key}`]);
      const outcome = await answered;
      if (outcome === 'timeout') return { refused: 'daemon_timeout' };
      if (outcome === 'offline') return { refused: 'device_offline' };
      const { rows } = await this.#pool.query<{ answer: StoredAnswer | null }>(
        'SELECT answer FROM relayed_settings WHERE device_id = $1 AND request_id = $2',
        [deviceId, requestId],
      );
      const answer = rows[0]?.answer;
      if (!answer) return { refused: 'daemon_timeout' };
      return 'offline' in answer ? { refused: 'device_offline' } : { answer };
    } finally {
      stopWatching();
      this.#waiting.delete(key);
      await this.#pool.query('DELETE FROM relayed_settings WHERE device_id = $1 AND request_id = $2', [
        deviceId,
        requestId,
      ]);
    }
  }

  /** A notification on the settings channel. */
  notified(payload: string): void {
    const [verb, deviceId, requestId] = payload.split(':');
    if (!deviceId || !requestId) return;
    if (verb === 'answer') this.#waiting.get(settingsKey(deviceId, requestId))?.();
    else if (verb === 'ask' && this.#local.links.get(deviceId))
      void this.#forward(deviceId, requestId).catch((error: Error) =>
        this.#logger.error(`relaying settings request ${requestId} to ${deviceId} failed: ${error.message}`),
      );
  }

  /** Sends a request down the link held here and writes the daemon's answer back. */
  async #forward(deviceId: string, requestId: string): Promise<void> {
    const { rows } = await this.#pool.query<{ sealed: string; created_at: number }>(
      'SELECT sealed, created_at FROM relayed_settings WHERE device_id = $1 AND request_id = $2 AND answer IS NULL',
      [deviceId, requestId],
    );
    const row = rows[0];
    const link = this.#local.links.get(deviceId);
    if (!row || !link) return;
    const key = settingsKey(deviceId, requestId);
    const { broker } = this.#local;
    if (broker.isWaiting(key)) return;
    // The asker gives up at its own deadline (30 s); an answer later than this finds nobody.
    const answer = broker.wait(key, Math.max(0, row.created_at + FORWARD_WAIT_MS - this.#local.now()));
    const sent = link.send({ type: 'settings', requestId, sealed: row.sealed });
    if (!sent) broker.cancel(key);
    const result: StoredAnswer | null = sent ? await answer : { offline: true };
    if (result === null) return;
    await this.#pool.query(
      `WITH answered AS (
         UPDATE relayed_settings SET answer = $3::jsonb, sealed = ''
         WHERE device_id = $1 AND request_id = $2 AND answer IS NULL RETURNING 1
       )
       SELECT pg_notify($4, $5) FROM answered`,
      [deviceId, requestId, JSON.stringify(result), CHANNELS.settings, `answer:${key}`],
    );
  }

  /** Requests nobody will finish (their asker stopped): dropped. */
  async sweep(): Promise<void> {
    await this.#pool.query('DELETE FROM relayed_settings WHERE created_at < $1', [
      this.#local.now() - SETTINGS_ROW_TTL_MS,
    ]);
  }

  /** The relay is stopping: askers give up now. */
  close(): void {
    for (const wake of this.#waiting.values()) wake();
  }
}
