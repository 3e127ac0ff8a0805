import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { ConfigStore } from '../config/config-store';
import { createPairingOffer, loginToRelay } from '../relay/relay-login';

const LoginBody = Type.Object(
  {
    server: Type.Optional(Type.String({ maxLength: 2000 })),
    join: Type.Optional(Type.String({ maxLength: 4000 })),
    claimCode: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 80 })),
  },
  { additionalProperties: false },
);

const LoginReply = Type.Object({
  serverUrl: Type.String(),
  accountId: Type.String(),
  deviceId: Type.String(),
  joined: Type.Boolean(),
  keyFromLink: Type.Boolean(),
});

const PairingOfferReply = Type.Object({
  serverUrl: Type.String(),
  code: Type.String(),
  key: Type.String(),
  expiresAt: Type.String(),
  link: Type.String(),
});

/**
 * `/local/*` (local only, never through the relay): `POST /local/login` logs the running
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
      { schema: { body: LoginBody, response: { 200: LoginReply, '4xx': ErrorBody } } },
      async (request) => {
        const result = await loginToRelay(deps.dataDir, deps.config, request.body);
        deps.onLogin();
        return result;
      },
    );
    routes.post(
      '/local/pairing',
      { schema: { response: { 200: PairingOfferReply, '4xx': ErrorBody } } },
      async () => createPairingOffer(deps.dataDir, deps.config),
    );
  };
}
