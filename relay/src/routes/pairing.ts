import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DeviceCredentials,
  ErrorBody,
  PAIRING_CODE_TTL_MS,
  PairingCode,
  RedeemPairingBody,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { deviceOf } from '../auth/device-auth';
import { hashSecret, newDeviceToken, newPairingCode } from '../auth/tokens';
import type { RelayDeps } from '../relay-deps';

/**
 * Pairing: a paired device asks for a 6-digit code (10 minutes, single use); a new device
 * redeems it to join the account. The e2e key never comes here: it travels in the link or QR.
 */
export function pairingRoutes(deps: RelayDeps): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.post('/v1/pairing-codes', { schema: { response: { 201: PairingCode } } }, async (request, reply) => {
      const me = deviceOf(request);
      const code = newPairingCode();
      const expiresAt = deps.now() + PAIRING_CODE_TTL_MS;
      await deps.store.createPairingCode(me.accountId, hashSecret(code), me.deviceId, expiresAt);
      return reply.status(201).send({ code, expiresAt: new Date(expiresAt).toISOString() });
    });

    api.post(
      '/v1/pairing-codes/redeem',
      {
        config: { auth: 'none' },
        schema: { body: RedeemPairingBody, response: { 201: DeviceCredentials, '4xx': ErrorBody } },
      },
      async (request, reply) => {
        if (!deps.attempts.allows(request.ip)) throw new RingbackError('too_many_attempts');
        const accountId = await deps.store.consumePairingCode(hashSecret(request.body.code), deps.now());
        if (!accountId) {
          deps.attempts.recordFailure(request.ip);
          throw new RingbackError('invalid_pairing_code');
        }
        const deviceToken = newDeviceToken();
        const device = await deps.store.addDevice(accountId, {
          kind: request.body.kind,
          name: request.body.name,
          tokenHash: hashSecret(deviceToken),
        });
        deps.logger.info(`${device.kind} device ${device.deviceId} joined account ${accountId}`);
        return reply.status(201).send({ accountId, deviceId: device.deviceId, deviceToken });
      },
    );
  };
}
