import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import { ANSWER_LEASE_MS } from '@ringback/protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRoutes } from './app-static/app-routes';
import { CodeGuard } from './auth/code-guard';
import { installDeviceAuth } from './auth/device-auth';
import { DeviceNames } from './cluster/device-names';
import { DeviceTokens } from './cluster/device-tokens';
import { LogFanout } from './cluster/log-fanout';
import type { LocalRelay, RelayCluster } from './cluster/relay-cluster';
import { singleRelay } from './cluster/single-relay';
import { installApiCors } from './http/api-cors';
import { installRelayErrorHandler } from './http/error-handler';
import { closeRefusedUpgrades } from './http/refused-upgrades';
import { installStreamAvailability } from './http/relay-unavailable';
import { fastifyTrustProxy } from './http/trust-proxy';
import { AnswerLeaseKeeper } from './leases/answer-lease-keeper';
import { ComputerAnswers } from './link/computer-answers';
import { DEFAULT_COMPUTER_REQUEST_LIMITS } from './link/computer-request-limits';
import { ReplyDispatcher } from './link/reply-dispatcher';
import { SettingsBroker } from './link/settings-broker';
import { startRelayPush } from './push/relay-push';
import type { RelayDeps, RelayRuntime } from './relay-deps';
import { accountRoutes } from './routes/accounts';
import { callRoutes } from './routes/calls';
import { computerRequestRoutes } from './routes/computer-requests';
import { daemonEventEndRoutes } from './routes/daemon-event-end';
import { daemonEventRoutes } from './routes/daemon-events';
import { daemonLinkRoutes } from './routes/daemon-link';
import { deviceRoutes } from './routes/devices';
import { pairingRoutes } from './routes/pairing';
import { pushRoutes } from './routes/push';
import { relayedSettingsRoutes } from './routes/relayed-settings';
import { replyRoutes } from './routes/replies';
import { streamRoutes } from './routes/stream';

/** Bodies of every route but the daemon's event posts, which set their own. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The relay's HTTP app, not listening: tests use `inject` or a real port. Closing it closes the cluster. */
export async function buildRelay(deps: RelayDeps): Promise<FastifyInstance> {
  const options = {
    logger: false,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    // Behind reverse proxies the client address (for attempt limits) is the one the nearest
    // trusted proxy saw, read from the right of X-Forwarded-For (http/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
  };
  // An https server is an http one to every route and hook: typed as one.
  const app = deps.https
    ? (Fastify({ ...options, https: deps.https }) as unknown as FastifyInstance)
    : Fastify(options);
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  installRelayErrorHandler(app, deps.logger);
  const runtime = await startRuntime(deps);
  closeRefusedUpgrades(app);
  installApiCors(app);
  // Before device auth: hooks run in the order they are added, and a token not cached here would
  // be read from a database this instance may have lost, delaying the refusal by the pool's timeouts.
  installStreamAvailability(app, () => runtime.cluster.acceptsStreams());
  installDeviceAuth(app, (tokenHash) => runtime.local.tokens.device(tokenHash));
  // Leases and pushes stop before the cluster (and, after the app, the store) they use.
  app.addHook('onClose', () => runtime.leases.close());
  app.addHook('onClose', () => runtime.webPush.close());
  app.addHook('onClose', () => runtime.cluster.close());
  const guard = (kind: 'pairing' | 'claim', pausedMessage: (minutes: number) => string) =>
    new CodeGuard({ attempts: runtime.cluster.attempts, kind, pausedMessage });
  const pairingGuard = guard(
    'pairing',
    (minutes) =>
      `too many wrong pairing codes on this relay: joining by code or pairing link is paused for everyone; try again in ${minutes} min`,
  );
  const claimGuard = guard(
    'claim',
    (minutes) =>
      `too many wrong claim codes on this relay: claiming it is paused; try again in ${minutes} min`,
  );
  await app.register(accountRoutes(runtime, claimGuard));
  await app.register(pairingRoutes(runtime, pairingGuard));
  for (const routes of [
    deviceRoutes,
    daemonEventRoutes,
    daemonEventEndRoutes,
    callRoutes,
    streamRoutes,
    replyRoutes,
    pushRoutes,
  ])
    await app.register(routes(runtime));
  await app.register(daemonLinkRoutes(runtime));
  await app.register(relayedSettingsRoutes(runtime));
  await app.register(computerRequestRoutes(runtime));
  await app.register(appRoutes(deps.appDir ?? null));
  await app.ready();
  return app;
}

/** This instance's own parts, and the cluster that joins them to the other instances. */
async function startRuntime(deps: RelayDeps): Promise<RelayRuntime> {
  const names = new DeviceNames(deps.store);
  const fanout = new LogFanout({ store: deps.store, hub: deps.hub, names, logger: deps.logger });
  let cluster: RelayCluster | null = null;
  // The dispatcher reports to the cluster, which needs the dispatcher: bound once it exists.
  const dispatcher = new ReplyDispatcher(deps.store, deps.links, (accountId, seq) =>
    cluster?.logged(accountId, seq),
  );
  const local: LocalRelay = {
    store: deps.store,
    hub: deps.hub,
    links: deps.links,
    dispatcher,
    broker: new SettingsBroker(),
    computerAnswers: new ComputerAnswers({ ...DEFAULT_COMPUTER_REQUEST_LIMITS, ...deps.computerRequests }),
    names,
    tokens: new DeviceTokens(deps.store, deps.now),
    fanout,
    logger: deps.logger,
    now: deps.now,
  };
  cluster = await (deps.instances ?? singleRelay(deps.attempts))(local);
  const webPush = await startRelayPush({
    store: deps.store,
    logger: deps.logger,
    now: deps.now,
    ...(deps.push ? { settings: deps.push } : {}),
  });
  const leases = new AnswerLeaseKeeper({
    store: deps.store,
    leaseMs: deps.answerLeaseMs ?? ANSWER_LEASE_MS,
    pushes: () => webPush.newCallPushes(),
    released: (call) => cluster?.logged(call.event.accountId, call.log.seq),
    logger: deps.logger,
  });
  return { ...deps, cluster, names, local, webPush, leases };
}
