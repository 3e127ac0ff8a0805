import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import type { RelayRuntime } from '../relay-deps';
import { statusChanged } from './call-answers';
import { deviceGone } from './calls';

const EventParams = Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * `POST /v1/daemon/events/:eventId/end`: the daemon that posted a call ends it itself, its
 * permission hook having stopped waiting (the agent was interrupted, its own timeout ended the
 * hook, or the wait ran out). The call ends `completed` by the daemon's device, which the apps show
 * as answered at the computer; every device hears the `status` frame and the pushes end as for an
 * answer anywhere else. 204, also for a repeat; 409 `call_ended` when a reply (the phone's
 * decision) was taken or the call ended otherwise; 404 when the daemon posted no such call.
 */
export function daemonEventEndRoutes(deps: RelayRuntime): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/daemon/events/:eventId/end',
      {
        config: { auth: 'daemon' },
        schema: { params: EventParams, response: { 204: Type.Null(), '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const result = await deps.store.endAtComputer(me.accountId, request.params.eventId, me.deviceId);
        if (result.outcome === 'device_gone') throw deviceGone();
        if (result.outcome === 'not_found') throw new RingbackError('event_not_found');
        if (result.outcome === 'conflict') {
          throw new RingbackError(
            'call_ended',
            `the call is ${result.event.status} and its decision may be on its way: it cannot end at the computer`,
          );
        }
        if (result.outcome === 'changed') statusChanged(deps, result);
        return reply.status(204).send(null);
      },
    );
  };
}
