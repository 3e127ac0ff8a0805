import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { installDeviceAuth } from './auth/device-auth';
import { installRelayErrorHandler } from './http/error-handler';
import { ReplyDispatcher } from './link/reply-dispatcher';
import { SettingsBroker } from './link/settings-broker';
import type { RelayDeps } from './relay-deps';
import { accountRoutes } from './routes/accounts';
import { callRoutes } from './routes/calls';
import { daemonEventRoutes } from './routes/daemon-events';
import { daemonLinkRoutes } from './routes/daemon-link';
import { deviceRoutes } from './routes/devices';
import { pairingRoutes } from './routes/pairing';
import { relayedSettingsRoutes } from './routes/relayed-settings';
import { replyRoutes } from './routes/replies';
import { streamRoutes } from './routes/stream';

/** Bodies of every route but the daemon's event posts, which set their own. */
const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/** The relay's HTTP app, not listening: tests use `inject` or a real port. */
export async function buildRelay(deps: RelayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: DEFAULT_BODY_LIMIT_BYTES,
    forceCloseConnections: true,
    // Behind a reverse proxy the client address (for attempt limits) comes from X-Forwarded-For.
    trustProxy: process.env.RINGBACK_TRUST_PROXY === 'true',
  });
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  installRelayErrorHandler(app, deps.logger);
  installDeviceAuth(app, deps.store);
  for (const routes of [
    accountRoutes,
    deviceRoutes,
    pairingRoutes,
    daemonEventRoutes,
    callRoutes,
    streamRoutes,
  ])
    await app.register(routes(deps));
  const dispatcher = new ReplyDispatcher(deps, deps.links);
  await app.register(replyRoutes(deps, dispatcher));
  const broker = new SettingsBroker();
  await app.register(daemonLinkRoutes(deps, dispatcher, broker));
  await app.register(relayedSettingsRoutes(deps, broker));
  await app.ready();
  return app;
}
