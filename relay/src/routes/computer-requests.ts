import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  COMPUTER_ANSWER_CONTENT_TYPE,
  COMPUTER_REQUEST_SEALED_MAX,
  ComputerRequestBody,
  ErrorBody,
  RingbackError,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import type { RelayRuntime } from '../relay-deps';

const DeviceParams = Type.Object({ deviceId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * `POST /v1/devices/:deviceId/requests`: a device asks its account's computer (a model answer, a
 * sentence spoken, a recording transcribed). The sealed request goes down the daemon's link; the
 * daemon's sealed frames come back as NDJSON lines while they arrive. Errors known before the
 * first frame are plain statuses; after it, a last `{error}` line.
 *
 * On several PostgreSQL instances the daemon's link may be held by another one: the cluster
 * passes the request and its frames through the database then (postgres/remote-computer.ts).
 */
export function computerRequestRoutes(deps: RelayRuntime): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/devices/:deviceId/requests',
      {
        // A recording for transcription, sealed.
        bodyLimit: COMPUTER_REQUEST_SEALED_MAX + 4096,
        schema: {
          params: DeviceParams,
          body: ComputerRequestBody,
          response: {
            200: Type.String({ description: 'application/x-ndjson: one ComputerAnswerLine per line' }),
            '4xx': ErrorBody,
            '5xx': ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        if (me.kind !== 'app') throw new RingbackError('app_only');
        const target = (await deps.store.listDevices(me.accountId)).find(
          (device) => device.deviceId === request.params.deviceId,
        );
        if (target?.kind !== 'daemon') throw new RingbackError('device_not_found');
        const { requestId, sealed } = request.body;
        const answers = deps.local.computerAnswers;
        // Refused before a way to the daemon is made; `open` checks again, as others may have come.
        const early = answers.refusal(me.accountId, sealed.length);
        if (early) throw new RingbackError(early);
        const link = await deps.cluster.computerLink(target.deviceId, requestId);
        if (!link) throw new RingbackError('device_offline');
        const pipe = answers.open(me, target.deviceId, { requestId, bytes: sealed.length }, link);
        if (pipe === 'in_flight')
          throw new RingbackError('invalid_request', 'this requestId is already in flight');
        if (pipe === 'too_many_computer_requests' || pipe === 'relay_busy') throw new RingbackError(pipe);
        // The device went away (before or during the answer): the daemon stops working on it.
        reply.raw.on('close', () => {
          if (!reply.raw.writableFinished) pipe.cancel();
        });
        if (!link.send({ type: 'computer-request', requestId, sealed })) pipe.linkClosed();
        const first = await pipe.first;
        if ('refused' in first) throw new RingbackError(first.refused, first.message);
        reply.hijack();
        reply.raw.on('error', () => pipe.cancel());
        reply.raw.writeHead(200, {
          'content-type': COMPUTER_ANSWER_CONTENT_TYPE,
          'cache-control': 'no-store',
          // A buffering proxy would hold the frames back until the answer ends.
          'x-accel-buffering': 'no',
        });
        pipe.attach(reply.raw);
        return reply;
      },
    );
  };
}
