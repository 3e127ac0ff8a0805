import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreateAccountBody, DeviceCredentials, ErrorBody, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { CodeGuard } from '../auth/code-guard';
import { hashSecret, newDeviceToken } from '../auth/tokens';
import type { RelayDeps } from '../relay-deps';

/**
 * `POST /v1/accounts`: the first device creates an anonymous account. A private relay takes
 * exactly one, its owner's, and only with the claim code it printed at start.
 */
export function accountRoutes(deps: RelayDeps, guard: CodeGuard): FastifyPluginAsync {
  let claiming = false;
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/accounts',
      {
        config: { auth: 'none' },
        schema: {
          body: CreateAccountBody,
          response: { 201: DeviceCredentials, 400: ErrorBody, 403: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const { kind, name, claimCode } = request.body;
        if (!deps.signup.open) {
          if (claiming || (await deps.store.hasAccounts())) throw new RingbackError('signup_closed');
          if (!claimCode) throw new RingbackError('claim_code_required');
          const attempt = guard.admit(reply, request.ip);
          const expected = deps.signup.claimCode();
          if (!expected || claimCode.trim().toUpperCase() !== expected)
            throw new RingbackError('invalid_claim_code');
          attempt.succeeded();
          claiming = true;
        }
        try {
          const deviceToken = newDeviceToken();
          const device = await deps.store.createAccount({ kind, name, tokenHash: hashSecret(deviceToken) });
          deps.logger.info(`account ${device.accountId} created by ${kind} device ${device.deviceId}`);
          return reply
            .status(201)
            .send({ accountId: device.accountId, deviceId: device.deviceId, deviceToken });
        } finally {
          claiming = false;
        }
      },
    );
  };
}
