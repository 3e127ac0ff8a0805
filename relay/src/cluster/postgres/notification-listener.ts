import pg from 'pg';
import type { RelayLogger } from '../../relay-logger';
import type { DatabaseTimeouts } from '../../storage/postgres/database-timeouts';

/** Which backend session listens: a daemon link registered by it is live while it is. */
export interface ListenerSession {
  pid: number;
}

export interface ListenerHandlers {
  notified(channel: string, payload: string): void;
  /** The connection broke or stopped answering: what was notified meanwhile is lost until it is back. */
  lost(): void;
  /** Listening again (after `lost`) on a new session. */
  restored(session: ListenerSession): void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/** How long the listener waits on PostgreSQL (storage/postgres/database-timeouts.ts). */
export type ListenerTimeouts = Pick<
  DatabaseTimeouts,
  'connectMs' | 'probeIntervalMs' | 'probeDeadlineMs' | 'keepAliveIdleMs'
>;

/**
 * One connection per relay instance that LISTENs on the cluster's channels, outside the pool
 * (a pooled connection would be handed to queries). A connection that only receives cannot tell
 * a quiet database from a dead link, so it is probed (`SELECT 1`) with a deadline; when it
 * breaks or misses one it is dropped, reconnects with backoff, and says so, so the instance can
 * make its clients resume from the log.
 */
export class NotificationListener {
  readonly #url: string;
  readonly #channels: readonly string[];
  readonly #handlers: ListenerHandlers;
  readonly #logger: RelayLogger;
  readonly #timeouts: ListenerTimeouts;
  #client: pg.Client | null = null;
  #session: ListenerSession | null = null;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | null = null;
  #probe: NodeJS.Timeout | null = null;

  constructor(
    url: string,
    channels: readonly string[],
    handlers: ListenerHandlers,
    logger: RelayLogger,
    timeouts: ListenerTimeouts,
  ) {
    this.#url = url;
    this.#channels = channels;
    this.#handlers = handlers;
    this.#logger = logger;
    this.#timeouts = timeouts;
  }

  /** The session listening now; null while reconnecting. */
  get session(): ListenerSession | null {
    return this.#session;
  }

  /** Connects and listens; rejects when the first connection fails (the relay cannot start). */
  async start(): Promise<ListenerSession> {
    return this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    if (this.#probe) clearTimeout(this.#probe);
    const client = this.#client;
    this.#client = null;
    this.#session = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<ListenerSession> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'ringback-relay-listener',
      connectionTimeoutMillis: this.#timeouts.connectMs,
      // LISTEN and the probes: a link that answers none of them within this is dead.
      query_timeout: this.#timeouts.probeDeadlineMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: this.#timeouts.keepAliveIdleMs,
    });
    client.on('notification', (message) => {
      if (client === this.#client) this.#handlers.notified(message.channel, message.payload ?? '');
    });
    client.on('error', (error) => this.#broken(client, error));
    client.on('end', () => this.#broken(client, new Error('connection ended')));
    await client.connect();
    try {
      for (const channel of this.#channels) await client.query(`LISTEN ${channel}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const session = { pid: Number(rows[0]?.pid) };
      this.#client = client;
      this.#session = session;
      this.#retryMs = FIRST_RETRY_MS;
      this.#scheduleProbe(client);
      return session;
    } catch (error) {
      // With a query still unanswered, end() destroys the socket rather than wait on a dead link.
      await client.end().catch(() => {});
      throw error;
    }
  }

  #scheduleProbe(client: pg.Client): void {
    this.#probe = setTimeout(() => {
      this.#probe = null;
      if (client !== this.#client) return;
      const asked = Date.now();
      client.query('SELECT 1').then(
        () => this.#scheduleProbe(client),
        (error: Error) =>
          this.#broken(
            client,
            new Error(`no answer to a probe after ${Date.now() - asked} ms (${error.message})`),
          ),
      );
    }, this.#timeouts.probeIntervalMs);
    this.#probe.unref();
  }

  #broken(client: pg.Client, error: Error): void {
    if (client !== this.#client || this.#closed) return;
    this.#client = null;
    this.#session = null;
    if (this.#probe) clearTimeout(this.#probe);
    this.#probe = null;
    this.#logger.error(`the relay lost its notification connection to PostgreSQL: ${error.message}`);
    // A probe still waiting makes end() destroy the socket: nothing more is read from a dead link.
    void client.end().catch(() => {});
    this.#handlers.lost();
    this.#scheduleReconnect();
  }

  #scheduleReconnect(): void {
    if (this.#closed) return;
    const waitMs = this.#retryMs;
    this.#retryMs = Math.min(MAX_RETRY_MS, this.#retryMs * 2);
    this.#retry = setTimeout(() => {
      this.#retry = null;
      this.#connect().then(
        (session) => {
          if (this.#closed) return void this.close();
          this.#logger.info('the relay listens to PostgreSQL notifications again');
          this.#handlers.restored(session);
        },
        (error: Error) => {
          this.#logger.warn(`reconnecting to PostgreSQL failed: ${error.message}`);
          this.#scheduleReconnect();
        },
      );
    }, waitMs);
    this.#retry.unref();
  }
}
