// For route tests about the network: a relay on an in-memory store listening on a real port, with
// an open signup, an account of a daemon ("Laptop") and its phone, closed after each test.
import type { DeviceCredentials } from '@ringback/protocol';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import type { ClusterFactory } from '../cluster/relay-cluster';
import type { ComputerRequestLimits } from '../link/computer-request-limits';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';
import { afterThisTest, waitUntil } from './cleanup-fixture';
import { type AskOptions, askComputer, fakeDaemonLink } from './computer-request-fixture';

export interface LiveRelayOptions {
  computerRequests?: Partial<ComputerRequestLimits>;
  instances?: ClusterFactory;
}

export type LiveRelay = Awaited<ReturnType<typeof liveRelay>>;

export async function liveRelay(options: LiveRelayOptions = {}) {
  const links = new DaemonLinks();
  const app = await buildRelay({
    store: await openSqliteRelayStore(':memory:'),
    hub: new StreamHub(),
    links,
    logger: createSilentRelayLogger(),
    signup: { open: true, claimCode: () => null },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: Date.now,
    heartbeatMs: 1000,
    ...(options.computerRequests ? { computerRequests: options.computerRequests } : {}),
    ...(options.instances ? { instances: options.instances } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  afterThisTest(() => app.close());
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;

  const postJson = async <T>(path: string, body: object, token?: string) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  /** A JSON POST, as `token`'s device when given; its status and parsed body. */
  const post = (path: string, body: object, token?: string) =>
    postJson<Record<string, string>>(path, body, token);
  /** A new account with its first device. */
  const account = async (kind: 'app' | 'daemon', name: string) => {
    const created = await postJson<DeviceCredentials>('/v1/accounts', { kind, name });
    if (created.status !== 201) throw new Error(`account: ${created.status}`);
    return created.body;
  };
  const daemon = await account('daemon', 'Laptop');
  const { code } = (await post('/v1/pairing-codes', {}, daemon.deviceToken)).body;
  const phone = (
    await postJson<DeviceCredentials>('/v1/pairing-codes/redeem', { code, kind: 'app', name: 'Phone' })
  ).body;

  /** The phone's sealed request to the daemon, unless `options` say who asks whom. */
  const ask = (
    requestId: string,
    {
      deviceId = daemon.deviceId,
      token = phone.deviceToken,
      ...rest
    }: Partial<AskOptions> & { deviceId?: string } = {},
  ) => askComputer(url, deviceId, requestId, { token, ...rest });
  /** The daemon's link, driven by the test, once the relay holds it. */
  const linkDaemon = async () => {
    const link = await fakeDaemonLink(url, daemon.deviceToken);
    await waitUntil(() => links.get(daemon.deviceId) !== undefined, 'the link');
    return link;
  };
  return { app, url, port, links, post, account, daemon, phone, ask, linkDaemon };
}
