import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  PENDING_EVENTS_PAGE,
  PendingEvents,
  PendingEventsQuery,
  RelayedEvent,
  RingbackError,
  StatusChange,
  StatusUpdateBody,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { handledByOf, toRelayedEvent, toStatusChange } from '../events/relayed-event';
import type { RelayRuntime } from '../relay-deps';
import { givenBack } from '../storage/call-transitions';
import type { EventRecord } from '../storage/relay-store';
import { answerLeaseMs, statusChanged, takeBack } from './call-answers';

const EventParams = Type.Object({ eventId: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * The pending list's cursor, `<seq of the last call listed>.<latestId of the first page>`: the
 * schema lets only two numbers through, and a client that forges one misleads only itself.
 */
function parseCursor(after: string): { afterSeq: number; latestId: number } {
  const [afterSeq, latestId] = after.split('.').map(Number);
  return { afterSeq: afterSeq ?? 0, latestId: latestId ?? 0 };
}

/** The device was removed while its request was on its way: as if its token had been refused. */
export const deviceGone = () => new RingbackError('unauthorized', 'this device was removed from the account');

/** 409 `call_taken`, naming the device that has the call when one does. */
function callTaken(event: EventRecord, names: ReadonlyMap<string, string>): RingbackError {
  const handledBy = handledByOf(event, names);
  return new RingbackError(
    'call_taken',
    handledBy ? `${handledBy.name} has this call (${event.status})` : `the call is ${event.status}`,
    handledBy ? { details: { handledBy } } : undefined,
  );
}

/** Apps' side of a call: what is still pending, and the outcome written back. */
export function callRoutes(deps: RelayRuntime): FastifyPluginAsync {
  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.get(
      '/v1/events/pending',
      { schema: { querystring: PendingEventsQuery, response: { 200: PendingEvents, '4xx': ErrorBody } } },
      async (request) => {
        const me = deviceOf(request);
        const cursor = request.query.after ? parseCursor(request.query.after) : null;
        // Read the position before the first page: a stream resumed from it misses nothing that
        // follows the listing, and every later page hands the same position on in its cursor.
        const latestId = cursor ? cursor.latestId : await deps.store.latestLogSeq(me.accountId);
        const [page, names] = await Promise.all([
          deps.store.pendingEvents(me.accountId, {
            afterSeq: cursor?.afterSeq ?? 0,
            limit: request.query.limit ?? PENDING_EVENTS_PAGE.default,
          }),
          deps.names.of(me.accountId),
        ]);
        return {
          events: page.events.map((event) => toRelayedEvent(event, names)),
          latestId,
          ...(page.next === null ? {} : { next: `${page.next}.${latestId}` }),
        };
      },
    );

    // What a woken service worker fetches: the push carried only the id.
    api.get(
      '/v1/events/:eventId',
      { schema: { params: EventParams, response: { 200: RelayedEvent, '4xx': ErrorBody } } },
      async (request) => {
        const me = deviceOf(request);
        const event = await deps.store.getEvent(me.accountId, request.params.eventId);
        if (!event) throw new RingbackError('event_not_found');
        return toRelayedEvent(event, await deps.names.of(me.accountId));
      },
    );

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
        const { eventId } = request.params;
        const write = () =>
          deps.store.setStatus(me.accountId, eventId, request.body.status, me.deviceId, answerLeaseMs(deps));
        let result = await write();
        if (result.outcome === 'conflict' && givenBack(result.event)) {
          // Its hang-up, made while it was away past its lease: the call is its own again first.
          const taken = await takeBack(deps, me, eventId);
          result = taken.outcome === 'changed' ? await write() : taken;
        }
        if (result.outcome === 'device_gone') throw deviceGone();
        if (result.outcome === 'not_found') throw new RingbackError('event_not_found');
        if (result.outcome === 'changed') statusChanged(deps, result);
        const names = await deps.names.of(me.accountId);
        if (result.outcome === 'conflict') throw callTaken(result.event, names);
        return toStatusChange(result.event, names);
      },
    );

    // The answering device keeps the call while it is in it or writing its reply (every
    // ANSWER_LEASE_RENEW_MS); without this, the call goes back to the others a lease later. A
    // device back after that takes the call back while it is still given back (the first back wins).
    api.post(
      '/v1/events/:eventId/lease',
      {
        config: { auth: 'app' },
        schema: { params: EventParams, response: { 204: Type.Null(), '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const { eventId } = request.params;
        const renewal = await deps.store.renewLease(me.accountId, eventId, me.deviceId, answerLeaseMs(deps));
        // Answered by it again, the lease starts afresh: that is the renewal.
        const result =
          renewal.outcome === 'conflict' && givenBack(renewal.event)
            ? await takeBack(deps, me, eventId)
            : renewal;
        if (result.outcome === 'device_gone') throw deviceGone();
        if (result.outcome === 'not_found') throw new RingbackError('event_not_found');
        if (result.outcome === 'conflict') throw callTaken(result.event, await deps.names.of(me.accountId));
        return reply.status(204).send(null);
      },
    );

    // Silent hours, or a notification swiped away: no more re-alerts of this call to this device.
    // The call stays pending everywhere, and its last push still comes (push/call-pushes.ts).
    api.post(
      '/v1/events/:eventId/quiet',
      {
        config: { auth: 'app' },
        schema: { params: EventParams, response: { 204: Type.Null(), '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        if (!(await deps.store.quietCall(me.accountId, request.params.eventId, me.deviceId)))
          throw new RingbackError('event_not_found');
        return reply.status(204).send(null);
      },
    );
  };
}
