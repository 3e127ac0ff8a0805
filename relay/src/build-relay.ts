import { TypeBoxValidatorCompiler } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import { appRoutes } from './app-static/app-routes';
import { claimCeiling, pairingCeiling } from './auth/code-ceilings';
import { CodeGuard } from './auth/code-guard';
import { installDeviceAuth } from './auth/device-auth';
import { LivePairingCodes } from './auth/live-pairing-codes';
import { installRelayErrorHandler } from './http/error-handler';
import { fastifyTrustProxy } from './http/trust-proxy';
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
    // Behind reverse proxies the client address (for attempt limits) is the one the nearest
    // trusted proxy saw, read from the right of X-Forwarded-For (http/trust-proxy.ts).
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
  });
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  installRelayErrorHandler(app, deps.logger);
  installDeviceAuth(app, deps.store);
  const liveCodes = new LivePairingCodes(deps.now);
  // Codes made before a restart can still be hit by a guess: they count from the start.
  for (const code of await deps.store.livePairingCodes(deps.now()))
    liveCodes.added(code.codeHash, code.accountId, code.expiresAt);
  const pairingGuard = new CodeGuard({
    perAddress: deps.attempts,
    ceiling: pairingCeiling(deps.now),
    pausedMessage: (minutes) =>
      `too many wrong pairing codes on this relay: joining by code or pairing link is paused for everyone; try again in ${minutes} min`,
  });
  const claimGuard = new CodeGuard({
    perAddress: deps.attempts,
    ceiling: claimCeiling(deps.now),
    pausedMessage: (minutes) =>
      `too many wrong claim codes on this relay: claiming it is paused; try again in ${minutes} min`,
  });
  await app.register(accountRoutes(deps, claimGuard));
  await app.register(pairingRoutes(deps, pairingGuard, liveCodes));
  for (const routes of [deviceRoutes, daemonEventRoutes, callRoutes, streamRoutes])
    await app.register(routes(deps));
  const dispatcher = new ReplyDispatcher(deps, deps.links);
  await app.register(replyRoutes(deps, dispatcher));
  const broker = new SettingsBroker();
  await app.register(daemonLinkRoutes(deps, dispatcher, broker));
  await app.register(relayedSettingsRoutes(deps, broker));
  await app.register(appRoutes(deps.appDir ?? null));
  await app.ready();
  return app;
}
