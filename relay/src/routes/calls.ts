import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, PendingEvents, RingbackError, StatusChange, StatusUpdateBody } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { deviceNames, handledByOf, toRelayedEvent, toStatusChange } from '../events/relayed-event';
import type { RelayDeps } from '../relay-deps';
import { sseFrame } from '../stream/stream-hub';

const EventParams = Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });

/** Apps' side of a call: what is still pending, and the outcome written back. */
export function callRoutes(deps: RelayDeps): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get('/v1/events/pending', { schema: { response: { 200: PendingEvents } } }, async (request) => {
      const me = deviceOf(request);
      // Read the position first: a stream resumed from it misses nothing that follows the list.
      const latestId = await deps.store.latestLogSeq(me.accountId);
      const [events, names] = await Promise.all([
        deps.store.pendingEvents(me.accountId),
        deviceNames(deps.store, me.accountId),
      ]);
      return { events: events.map((event) => toRelayedEvent(event, names)), latestId };
    });

    api.post(
      '/v1/events/:eventId/status',
      {
        schema: {
          params: EventParams,
          body: StatusUpdateBody,
          response: { 200: StatusChange, '4xx': ErrorBody },
        },
      },
      async (request) => {
        const me = deviceOf(request);
        const result = await deps.store.setStatus(
          me.accountId,
          request.params.eventId,
          request.body.status,
          me.deviceId,
        );
        if (result.outcome === 'not_found') throw new RingbackError('event_not_found');
        const names = await deviceNames(deps.store, me.accountId);
        if (result.outcome === 'conflict') {
          const handledBy = handledByOf(result.event, names);
          throw new RingbackError(
            'call_taken',
            handledBy
              ? `${handledBy.name} has this call (${result.event.status})`
              : `the call is ${result.event.status}`,
            handledBy ? { details: { handledBy } } : undefined,
          );
        }
        const change = toStatusChange(result.event, names);
        if (result.outcome === 'changed')
          deps.hub.publish(me.accountId, result.log.seq, sseFrame(result.log.seq, 'status', change));
        return change;
      },
    );
  };
}
