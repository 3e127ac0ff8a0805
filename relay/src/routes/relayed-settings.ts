import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  RingbackError,
  SETTINGS_REQUEST_SEALED_MAX,
  SettingsRequestBody,
  SettingsResponse,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import type { RelayRuntime } from '../relay-deps';

const DeviceParams = Type.Object({ deviceId: Type.String({ minLength: 1, maxLength: 64 }) });
/** Longer than the daemon's own slowest setting (an LLM key check), shorter than a proxy's patience. */
export const SETTINGS_TIMEOUT_MS = 30_000;

/**
 * `POST /v1/devices/:deviceId/settings`: a phone without a local daemon changes a computer's
 * settings. The request and its answer are sealed; the relay only carries them.
 */
export function relayedSettingsRoutes(
  deps: RelayRuntime,
  timeoutMs = SETTINGS_TIMEOUT_MS,
): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/devices/:deviceId/settings',
      {
        // A dispatch image goes through here, sealed: far more than the relay's default body.
        bodyLimit: SETTINGS_REQUEST_SEALED_MAX + 4096,
        schema: {
          params: DeviceParams,
          body: SettingsRequestBody,
          response: { 200: SettingsResponse, '4xx': ErrorBody, '5xx': ErrorBody },
        },
      },
      async (request) => {
        const me = deviceOf(request);
        const target = (await deps.store.listDevices(me.accountId)).find(
          (device) => device.deviceId === request.params.deviceId,
        );
        if (target?.kind !== 'daemon') throw new RingbackError('device_not_found');
        const outcome = await deps.cluster.askSettings(
          target.deviceId,
          request.body.requestId,
          request.body.sealed,
          timeoutMs,
        );
        if ('refused' in outcome) {
          if (outcome.refused === 'in_flight')
            throw new RingbackError('invalid_request', 'this requestId is already in flight');
          throw new RingbackError(outcome.refused);
        }
        const result = outcome.answer;
        if (result.error === 'undecryptable_request' || !result.sealed)
          throw new RingbackError('undecryptable_request');
        return { requestId: result.requestId, sealed: result.sealed };
      },
    );
  };
}
