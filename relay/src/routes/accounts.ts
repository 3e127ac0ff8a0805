import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CreateAccountBody, DeviceCredentials, ErrorBody, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { CodeGuard } from '../auth/code-guard';
import { hashSecret, newDeviceToken } from '../auth/tokens';
import type { RelayRuntime } from '../relay-deps';
import type { DeviceRecord } from '../storage/relay-store';

/**
 * `POST /v1/accounts`: the first device creates an anonymous account. A private relay takes
 * exactly one, its owner's, and only with the claim code it printed at start.
 */
export function accountRoutes(deps: RelayRuntime, guard: CodeGuard): FastifyPluginAsync {
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
        const deviceToken = newDeviceToken();
        const newDevice = { kind, name, tokenHash: hashSecret(deviceToken) };
        let device: DeviceRecord | null;
        if (deps.signup.open) {
          device = await deps.store.createAccount(newDevice);
        } else {
          if (await deps.store.hasAccounts()) throw new RingbackError('signup_closed');
          if (!claimCode) throw new RingbackError('claim_code_required');
          const attempt = await guard.admit(reply, request.ip);
          const expected = deps.signup.claimCode();
          if (!expected || claimCode.trim().toUpperCase() !== expected)
            throw new RingbackError('invalid_claim_code');
          await attempt.succeeded();
          // The database decides: of two right claims at once (on any instance) one wins.
          device = await deps.store.claimRelay(newDevice);
          if (!device) throw new RingbackError('signup_closed');
        }
        deps.logger.info(`account ${device.accountId} created by ${kind} device ${device.deviceId}`);
        return reply
          .status(201)
          .send({ accountId: device.accountId, deviceId: device.deviceId, deviceToken });
      },
    );
  };
}
