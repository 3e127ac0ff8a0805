import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, ReplyBody, ReplyState, RingbackError } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { toReplyState } from '../events/reply-state';
import type { RelayRuntime } from '../relay-deps';
import type { InsertReplyResult } from '../storage/relay-store';
import { takeBack } from './call-answers';
import { deviceGone } from './calls';

const EventParams = Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * `POST /v1/events/:eventId/replies`: an app's sealed reply after hang-up, queued durably for
 * the daemon that reported the event and pushed at once when its link is up.
 */
export function replyRoutes(deps: RelayRuntime): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().post(
      '/v1/events/:eventId/replies',
      {
        // A reply of up to 32,000 characters, sealed and base64-encoded.
        bodyLimit: 300 * 1024,
        schema: { params: EventParams, body: ReplyBody, response: { '2xx': ReplyState, '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const { eventId } = request.params;
        const insert = () =>
          deps.store.insertReply({
            accountId: me.accountId,
            replyId: request.body.replyId,
            eventId,
            fromDeviceId: me.deviceId,
            sealed: request.body.sealed,
          });
        let result: InsertReplyResult = await insert();
        if (result.outcome === 'not_answerer' && result.handledBy === null) {
          // Nobody has the call: it may have been given back while this device was away writing
          // this reply. Then it is its own again and the reply goes on; otherwise the refusal
          // names who has it now.
          const taken = await takeBack(deps, me, eventId);
          if (taken.outcome === 'changed') result = await insert();
          else if (taken.outcome === 'conflict')
            result = { outcome: 'not_answerer', handledBy: taken.event.handledBy };
          else if (taken.outcome === 'device_gone') result = taken;
        }
        if (result.outcome === 'device_gone') throw deviceGone();
        if (result.outcome === 'event_not_found') throw new RingbackError('event_not_found');
        if (result.outcome === 'not_answerer') {
          // Names the device that has the call, so the app can say where to reply from.
          const names = await deps.names.of(me.accountId);
          const handledBy = result.handledBy
            ? { deviceId: result.handledBy, name: names.get(result.handledBy) ?? 'a removed device' }
            : null;
          throw new RingbackError(
            'not_call_answerer',
            handledBy
              ? `only ${handledBy.name}, which answered this call, may reply to it`
              : 'nobody answered this call, so nobody may reply to it',
            handledBy ? { details: { handledBy } } : undefined,
          );
        }
        if (result.outcome === 'repeat') return reply.status(200).send(toReplyState(result.reply));
        deps.cluster.logged(me.accountId, result.log.seq);
        await deps.cluster.replyQueued(result.reply);
        return reply.status(201).send(toReplyState(result.reply));
      },
    );
  };
}
