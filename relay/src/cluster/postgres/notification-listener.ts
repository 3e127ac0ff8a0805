import pg from 'pg';
import type { RelayLogger } from '../../relay-logger';

/** Which backend session listens: a daemon link registered by it is live while it is. */
export interface ListenerSession {
  pid: number;
}

export interface ListenerHandlers {
  notified(channel: string, payload: string): void;
  /** The connection broke: what was notified meanwhile is lost until it is back. */
  lost(): void;
  /** Listening again (after `lost`) on a new session. */
  restored(session: ListenerSession): void;
}

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

/**
 * One connection per relay instance that LISTENs on the cluster's channels, outside the pool
 * (a pooled connection would be handed to queries). When it breaks it reconnects with backoff
 * and says so, so the instance can make its clients resume from the log.
 */
export class NotificationListener {
  readonly #url: string;
  readonly #channels: readonly string[];
  readonly #handlers: ListenerHandlers;
  readonly #logger: RelayLogger;
  #client: pg.Client | null = null;
  #session: ListenerSession | null = null;
  #closed = false;
  #retryMs = FIRST_RETRY_MS;
  #retry: NodeJS.Timeout | null = null;

  constructor(url: string, channels: readonly string[], handlers: ListenerHandlers, logger: RelayLogger) {
    this.#url = url;
    this.#channels = channels;
    this.#handlers = handlers;
    this.#logger = logger;
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
    const client = this.#client;
    this.#client = null;
    this.#session = null;
    await client?.end().catch(() => {});
  }

  async #connect(): Promise<ListenerSession> {
    const client = new pg.Client({
      connectionString: this.#url,
      application_name: 'ringback-relay-listener',
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
      return session;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  #broken(client: pg.Client, error: Error): void {
    if (client !== this.#client || this.#closed) return;
    this.#client = null;
    this.#session = null;
    this.#logger.error(`the relay lost its notification connection to PostgreSQL: ${error.message}`);
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
