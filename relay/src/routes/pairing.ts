import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  CreatePairingCodeBody,
  DeviceCredentials,
  ErrorBody,
  PAIRING_CODE_TTL_MS,
  PairingCode,
  RedeemPairingBody,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { CodeGuard } from '../auth/code-guard';
import { deviceOf } from '../auth/device-auth';
import { hashSecret, newDeviceToken, newPairingCode } from '../auth/tokens';
import type { RelayRuntime } from '../relay-deps';

/**
 * Live codes one account may hold. Every live code makes a wrong guess dearer for the whole
 * relay (code-ceilings.ts), so one account must not be able to pause pairing for everyone.
 */
export const MAX_LIVE_CODES_PER_ACCOUNT = 10;

/**
 * Live app devices one account may have, unless the relay is told otherwise. Each app device
 * may hold a push subscription, so this also bounds the pushes one call makes: with open
 * sign-up, one account must not make the relay send thousands.
 */
export const MAX_APP_DEVICES_PER_ACCOUNT = 50;

/**
 * Pairing: a paired device asks for a 6-digit code (10 minutes, single use); a new device
 * redeems it to join the account, by typing it or through the pairing link or QR code (which
 * carries the same code). The e2e key never comes here: it travels in the link or QR.
 */
export function pairingRoutes(deps: RelayRuntime, guard: CodeGuard): FastifyPluginAsync {
  const live = deps.cluster.liveCodes;
  const maxAppDevices = deps.maxAppDevicesPerAccount ?? MAX_APP_DEVICES_PER_ACCOUNT;
  // Checked as a device joins: two joining at the same moment may both pass (one over the limit).
  const refuseOverDeviceLimit = async (accountId: string) => {
    const devices = await deps.store.listDevices(accountId);
    const apps = devices.filter((device) => device.kind === 'app').length;
    if (apps >= maxAppDevices)
      throw new RingbackError(
        'too_many_devices',
        `this account already has ${apps} app devices, the most this relay allows: remove one in Settings, then pair again with a new code`,
      );
  };
  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.post(
      '/v1/pairing-codes',
      {
        // No fields: an empty JSON object, or no body at all.
        preValidation: async (request) => {
          request.body ??= {};
        },
        schema: {
          body: CreatePairingCodeBody,
          response: { 201: PairingCode, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const held = await live.of(me.accountId);
        if (held.length >= MAX_LIVE_CODES_PER_ACCOUNT) {
          const waitMs = (held[0] ?? deps.now()) - deps.now();
          reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
          throw new RingbackError(
            'too_many_attempts',
            `this account already has ${held.length} live pairing codes: use one, or wait until one expires`,
          );
        }
        const code = newPairingCode();
        const codeHash = hashSecret(code);
        const expiresAt = deps.now() + PAIRING_CODE_TTL_MS;
        await deps.store.createPairingCode(me.accountId, codeHash, me.deviceId, expiresAt);
        live.added(codeHash, me.accountId, expiresAt);
        return reply.status(201).send({ code, expiresAt: new Date(expiresAt).toISOString() });
      },
    );

    api.post(
      '/v1/pairing-codes/redeem',
      {
        config: { auth: 'none' },
        schema: {
          body: RedeemPairingBody,
          response: { 201: DeviceCredentials, 400: ErrorBody, 422: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        // A wrong guess could hit any live code of the relay: it costs as many as are live.
        const attempt = await guard.admit(reply, request.ip, await live.count());
        const codeHash = hashSecret(request.body.code);
        const accountId = await deps.store.consumePairingCode(codeHash, deps.now());
        if (!accountId) throw new RingbackError('invalid_pairing_code');
        await attempt.succeeded();
        live.used(codeHash);
        if (request.body.kind === 'app') await refuseOverDeviceLimit(accountId);
        const deviceToken = newDeviceToken();
        const device = await deps.store.addDevice(accountId, {
          kind: request.body.kind,
          name: request.body.name,
          tokenHash: hashSecret(deviceToken),
        });
        deps.cluster.deviceChanged(accountId, device.deviceId, 'added');
        deps.logger.info(`${device.kind} device ${device.deviceId} joined account ${accountId}`);
        return reply.status(201).send({ accountId, deviceId: device.deviceId, deviceToken });
      },
    );
  };
}
