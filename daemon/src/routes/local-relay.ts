import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, LocalLoginBody, LocalLoginReply, PairingOffer } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import { createPairingOffer, loginToRelay } from '../relay/relay-login';

/**
 * `/local/*` (local only: not `relayable`, so the relay gate refuses it): `POST /local/login` logs the running
 * daemon in (what `ringback login` uses while it runs), `POST /local/pairing` gives the desktop
 * app `{serverUrl, code, key, expiresAt, link}` to join this computer's account.
 */
export function localRelayRoutes(deps: {
  dataDir: string;
  config: ConfigStore;
  onLogin(): void;
}): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    routes.post(
      '/local/login',
      { schema: { body: LocalLoginBody, response: { 200: LocalLoginReply, '4xx': ErrorBody } } },
      async (request) => {
        const result = await loginToRelay(deps.dataDir, deps.config, request.body);
        deps.onLogin();
        return result;
      },
    );
    routes.post(
      '/local/pairing',
      { schema: { response: { 200: PairingOffer, '4xx': ErrorBody } } },
      async () => createPairingOffer(deps.dataDir, deps.config),
    );
  };
}
