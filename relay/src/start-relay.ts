import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { resolveAppDir } from './app-static/app-dir';
import { AttemptLimiter } from './auth/attempt-limiter';
import { newClaimCode } from './auth/tokens';
import { buildRelay } from './build-relay';
import { postgresCluster } from './cluster/postgres/postgres-cluster';
import { sharedClaimCode } from './cluster/postgres/shared-claim-code';
import type { ClusterFactory } from './cluster/relay-cluster';
import { readTlsFiles, type TlsFiles } from './http/tls-files';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';
import type { ComputerRequestLimits } from './link/computer-request-limits';
import { DaemonLinks } from './link/daemon-links';
import { guardRelayProcess } from './process-guard';
import { normalPushOrigin } from './push/push-endpoint';
import type { PushSettings, PushTuning } from './push/push-settings';
import { resolvePushSubject } from './push/push-subject';
import { RelayConfigError } from './relay-config-error';
import type { RelayLogger } from './relay-logger';
import { openPostgresRelayStore } from './storage/postgres-relay-store';
import type { RelayStore } from './storage/relay-store';
import { openSqliteRelayStore, type SqliteRelayStoreOptions } from './storage/sqlite-relay-store';
import { StreamHub } from './stream/stream-hub';

export const DEFAULT_RELAY_PORT = 8791;
const DEFAULT_HEARTBEAT_MS = 15_000;

/** `RINGBACK_STREAM_HEARTBEAT_MS`: for a proxy that closes idle streams sooner than 15 s. */
function heartbeatFromEnv(env: NodeJS.ProcessEnv): number {
  const ms = Number(env.RINGBACK_STREAM_HEARTBEAT_MS);
  return Number.isInteger(ms) && ms >= 100 ? ms : DEFAULT_HEARTBEAT_MS;
}

/**
 * `RINGBACK_COMPUTER_REQUESTS_PER_ACCOUNT`: for tests, a lower per-account limit on requests to
 * the computer, so two devices preparing one call meet it.
 */
function computerRequestsFromEnv(env: NodeJS.ProcessEnv): { perAccount: number } | null {
  const perAccount = Number(env.RINGBACK_COMPUTER_REQUESTS_PER_ACCOUNT);
  return Number.isInteger(perAccount) && perAccount >= 1 ? { perAccount } : null;
}

/** `RINGBACK_ANSWER_LEASE_MS`: cross-process tests shorten the answer lease (2 min otherwise). */
function answerLeaseFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const ms = Number(env.RINGBACK_ANSWER_LEASE_MS);
  return Number.isInteger(ms) && ms >= 100 ? ms : undefined;
}

/** Ended calls and the log are kept this long, then purged: the relay keeps no history. */
export const RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
const PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface RelayOptions {
  dataDir: string;
  /**
   * A `postgres://` URL: the relay keeps its data in that PostgreSQL database, where several
   * instances can serve one set of accounts. Absent: `relay.db` (SQLite) in the data dir.
   */
  database?: string;
  port?: number;
  host?: string;
  /** The URL devices use to reach this relay (printed, and put in pairing links). */
  publicUrl?: string;
  openSignup?: boolean;
  logger: RelayLogger;
  /** How often an idle stream gets a ping; else `RINGBACK_STREAM_HEARTBEAT_MS`, else 15 s. */
  heartbeatMs?: number;
  /** Which proxies to believe for client addresses; else `RINGBACK_TRUST_PROXY` (http/trust-proxy.ts). */
  trustProxy?: TrustProxy;
  /** The built app to serve at `/`; else `RINGBACK_APP_DIR`, else `client/dist` beside the relay. */
  appDir?: string;
  /** For benchmarks only: how the store commits. The relay always runs FULL with group commit. */
  storage?: SqliteRelayStoreOptions;
  /**
   * The VAPID subject pushes are sent with (`--push-subject`): `mailto:` or an https URL that is
   * not a local address, else the relay refuses to start. Absent: the public URL when it is
   * https and not local; else Web Push is off (logged once, and `GET /v1/push/key` says why).
   */
  pushSubject?: string;
  /**
   * Push service origins the relay sends to besides the known public ones (`--push-origin`,
   * `RINGBACK_PUSH_ORIGINS`): the operator's own push service. Connected to wherever they resolve,
   * local and private addresses included.
   */
  pushOrigins?: readonly string[];
  /** Tests and benchmarks: how Web Push runs (a local http push service, shorter re-alerts). */
  push?: PushTuning;
  /** Benchmarks: live app devices one account may have (routes/pairing.ts: 50). */
  maxAppDevicesPerAccount?: number;
  /** Tests and benchmarks: limits of requests to computers (link/computer-request-limits.ts). */
  computerRequests?: Partial<ComputerRequestLimits>;
  /** Serve https itself (`--tls-cert`, `--tls-key`): PEM files, read once at start. */
  tls?: TlsFiles;
  /**
   * How long an answered call stays with its device after its last renewal, no stream of the
   * device open; else `RINGBACK_ANSWER_LEASE_MS`, else ANSWER_LEASE_MS (2 min).
   */
  answerLeaseMs?: number;
  /**
   * Tests: the relay's clock (epoch ms), on which push schedules, answer leases and codes are
   * decided, in the relay and its store; else `Date.now`. A test moves it to say when a re-alert
   * is due, so what it counts does not hang on how busy the machine is.
   */
  now?: () => number;
}

/** Failed claim and pairing codes one client address may try per window. */
const ATTEMPTS_PER_ADDRESS = { limit: 5, windowMs: 10 * 60 * 1000 };

export interface RunningRelay {
  app: FastifyInstance;
  url: string;
  port: number;
  /** Where the data is kept, for the log: the data dir, or the database (without its password). */
  storage: string;
  /** The claim code while the private relay has no owner; null after (or with open signup). */
  claimCode(): Promise<string | null>;
  close(): Promise<void>;
}

interface OpenedStorage {
  store: RelayStore;
  instances?: ClusterFactory;
  storage: string;
  /** A fresh claim code for a private relay with no account yet. */
  claimCode(): Promise<string>;
}

/** The store and how instances share it: SQLite alone, or PostgreSQL with its cluster. */
async function openStorage(options: RelayOptions): Promise<OpenedStorage> {
  if (!options.database) {
    const path = join(options.dataDir, 'relay.db');
    const now = options.storage?.now ?? options.now;
    return {
      store: await openSqliteRelayStore(path, { ...options.storage, ...(now ? { now } : {}) }),
      storage: `data dir ${options.dataDir}`,
      claimCode: async () => newClaimCode(),
    };
  }
  const store = await openPostgresRelayStore(options.database, options.now ? { now: options.now } : {});
  const url = new URL(options.database);
  return {
    store,
    instances: postgresCluster({
      url: options.database,
      pool: store.pool,
      perAddressLimit: ATTEMPTS_PER_ADDRESS.limit,
      windowMs: ATTEMPTS_PER_ADDRESS.windowMs,
    }),
    storage: `PostgreSQL database ${url.pathname.slice(1)} on ${url.host}`,
    claimCode: () => sharedClaimCode(store.pool),
  };
}

/** Opens the relay's storage (`relay.db` in the data dir, or PostgreSQL) and serves the relay API. */
export async function startRelay(options: RelayOptions): Promise<RunningRelay> {
  // Read first: a setting the relay cannot read stops it before it opens anything.
  const trustProxy = options.trustProxy ?? parseTrustProxy(process.env.RINGBACK_TRUST_PROXY);
  const push = pushSettings(options);
  const https = options.tls ? await readTlsFiles(options.tls) : undefined;
  await mkdir(options.dataDir, { recursive: true, mode: 0o700 });
  const opened = await openStorage(options);
  const { store } = opened;
  const hub = new StreamHub((error, client) =>
    options.logger.error(`stream of device ${client.deviceId} failed: ${error.stack ?? error.message}`),
  );
  const links = new DaemonLinks();
  const computerRequests = computerRequestsFromEnv(process.env);
  const openSignup = options.openSignup ?? false;
  // Asked for only while the relay has no account: once its owner exists it opens nothing.
  const claimCode = !openSignup && !(await store.hasAccounts()) ? await opened.claimCode() : null;
  const app = await buildRelay({
    store,
    ...(opened.instances ? { instances: opened.instances } : {}),
    hub,
    links,
    logger: options.logger,
    signup: { open: openSignup, claimCode: () => claimCode },
    attempts: new AttemptLimiter(ATTEMPTS_PER_ADDRESS),
    now: options.now ?? Date.now,
    heartbeatMs: options.heartbeatMs ?? heartbeatFromEnv(process.env),
    trustProxy,
    appDir: resolveAppDir(options.appDir, process.env),
    push,
    ...(options.maxAppDevicesPerAccount === undefined
      ? {}
      : { maxAppDevicesPerAccount: options.maxAppDevicesPerAccount }),
    ...(options.computerRequests ? { computerRequests: options.computerRequests } : {}),
    ...(https ? { https } : {}),
    ...(computerRequests ? { computerRequests } : {}),
    ...leaseOption(options.answerLeaseMs ?? answerLeaseFromEnv(process.env)),
  });
  await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? DEFAULT_RELAY_PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_RELAY_PORT);
  const url = options.publicUrl ?? `${https ? 'https' : 'http'}://127.0.0.1:${port}`;
  if ('off' in push) options.logger.info(push.off);
  else options.logger.info(`Web Push on, VAPID subject ${push.subject}`);
  // Only once serving: a relay that cannot start must still fail loudly.
  const unguard = guardRelayProcess(options.logger);

  const purge = setInterval(() => {
    store
      .purge(Date.now() - RETENTION_MS)
      .catch((error: Error) => options.logger.error(`purge failed: ${error.message}`));
  }, PURGE_INTERVAL_MS);
  purge.unref();

  return {
    app,
    url,
    port,
    storage: opened.storage,
    async claimCode() {
      return claimCode && !(await store.hasAccounts()) ? claimCode : null;
    },
    async close() {
      clearInterval(purge);
      hub.closeAll();
      links.closeAll();
      await app.close();
      await store.close();
      unguard();
    },
  };
}

const leaseOption = (answerLeaseMs: number | undefined) =>
  answerLeaseMs === undefined ? {} : { answerLeaseMs };

/** Web Push as the options ask; throws (RelayConfigError) on a subject that cannot work. */
function pushSettings(options: RelayOptions): PushSettings {
  const subject = resolvePushSubject({
    ...(options.pushSubject === undefined ? {} : { explicit: options.pushSubject }),
    ...(options.publicUrl === undefined ? {} : { publicUrl: options.publicUrl }),
  });
  const origins = [...(options.push?.allowedPushOrigins ?? []), ...(options.pushOrigins ?? [])].map(
    (origin) => {
      try {
        return normalPushOrigin(origin);
      } catch {
        throw new RelayConfigError(
          `the push origin ${JSON.stringify(origin)} cannot be used: give an http(s) origin such as https://push.example.net`,
        );
      }
    },
  );
  return { ...subject, ...options.push, allowedPushOrigins: origins };
}
