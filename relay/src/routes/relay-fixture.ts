// For route tests: a relay on an in-memory store, driven with `app.inject`, closed after each
// test, with an open signup and helpers to create devices and post events.
import type { DeviceCredentials } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import { DaemonLinks } from '../link/daemon-links';
import type { PushSettings } from '../push/push-settings';
import { createSilentRelayLogger } from '../relay-logger';
import type { RelayStore } from '../storage/relay-store';
import { openSqliteRelayStore, type SqliteRelayStoreOptions } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

export const auth = (device: DeviceCredentials) => ({ authorization: `Bearer ${device.deviceToken}` });

export async function injectRelay(
  storeOptions: SqliteRelayStoreOptions = {},
  options: {
    push?: PushSettings;
    answerLeaseMs?: number;
    /** What the relay is given instead of the store itself (a store that fails on purpose). */
    wrapStore?: (store: RelayStore) => RelayStore;
  } = {},
) {
  const store = await openSqliteRelayStore(':memory:', storeOptions);
  const hub = new StreamHub();
  const app = await buildRelay({
    store: options.wrapStore ? options.wrapStore(store) : store,
    hub,
    links: new DaemonLinks(),
    logger: createSilentRelayLogger(),
    signup: { open: true, claimCode: () => null },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: Date.now,
    heartbeatMs: 1000,
    ...(options.push ? { push: options.push } : {}),
    ...(options.answerLeaseMs === undefined ? {} : { answerLeaseMs: options.answerLeaseMs }),
  });
  cleanups.push(
    () => store.close(),
    () => app.close(),
  );

  const daemon = await account(app, 'daemon', 'Laptop');
  const pair = async (kind: 'daemon' | 'app', name: string) => {
    const code = (
      await app.inject({ method: 'POST', url: '/v1/pairing-codes', headers: auth(daemon) })
    ).json().code as string;
    const joined = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes/redeem',
      payload: { code, kind, name },
    });
    return joined.json() as DeviceCredentials;
  };
  const postEvent = (eventId: string, from = daemon) =>
    app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(from),
      payload: {
        eventId,
        source: 'claude-code',
        occurredAt: '2026-11-23T10:00:00.000Z',
        sealed: `e1.abcdefghijkl.${eventId}.c2VhbGVk`,
      },
    });
  return { app, store, hub, daemon, pair, postEvent };
}

async function account(app: FastifyInstance, kind: 'daemon' | 'app', name: string) {
  const response = await app.inject({ method: 'POST', url: '/v1/accounts', payload: { kind, name } });
  if (response.statusCode !== 201) throw new Error(`account: ${response.statusCode} ${response.body}`);
  return response.json() as DeviceCredentials;
}
