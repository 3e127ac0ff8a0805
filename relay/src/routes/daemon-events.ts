import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DaemonEventBody,
  ErrorBody,
  EventStored,
  RingbackError,
  TrackerReportBody,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { deviceOf } from '../auth/device-auth';
import type { RelayRuntime } from '../relay-deps';
import type { NewEvent } from '../storage/relay-store';

/** A sealed report and brief: about 0.8 MB of text, base64 and JSON around it. */
const EVENT_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * The daemon's posts. Idempotent by its event id: a repeat (a POST that committed but lost its
 * answer) gets the original back and rings nobody twice.
 */
export function daemonEventRoutes(deps: RelayRuntime): FastifyPluginAsync {
  /** Stores and fans out; the status to answer: 201 new, 200 a repeat. */
  async function store(event: NewEvent): Promise<{ status: 200 | 201; body: EventStored }> {
    // With push on, the call's push schedule is stored with it: no crash can leave it unpushed.
    const result = await deps.store.insertEvent(event, deps.webPush.newCallPushes());
    if (result.outcome === 'duplicate_task') {
      throw new RingbackError(
        'duplicate_task',
        'another computer of this account already reported this task',
      );
    }
    if (result.outcome === 'repeat') return { status: 200, body: { eventId: event.eventId, repeat: true } };
    deps.cluster.logged(event.accountId, result.log.seq);
    // After the store answered, and not awaited: a push never delays storing or streaming.
    deps.webPush.callStored(result.event);
    return { status: 201, body: { eventId: event.eventId, repeat: false } };
  }

  return async (app) => {
    const api = app.withTypeProvider<TypeBoxTypeProvider>();
    api.post(
      '/v1/daemon/events',
      {
        bodyLimit: EVENT_BODY_LIMIT_BYTES,
        config: { auth: 'daemon' },
        schema: { body: DaemonEventBody, response: { '2xx': EventStored, '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const { eventId, source, occurredAt, sealed } = request.body;
        const stored = await store({
          accountId: me.accountId,
          eventId,
          source,
          occurredAt,
          taskId: null,
          sealed,
          fromDeviceId: me.deviceId,
        });
        return reply.status(stored.status).send(stored.body);
      },
    );
    api.post(
      '/v1/daemon/tracker-reports',
      {
        bodyLimit: EVENT_BODY_LIMIT_BYTES,
        config: { auth: 'daemon' },
        schema: { body: TrackerReportBody, response: { '2xx': EventStored, '4xx': ErrorBody } },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        const { eventId, occurredAt, taskId, sealed } = request.body;
        const stored = await store({
          accountId: me.accountId,
          eventId,
          source: 'tracker',
          occurredAt,
          taskId,
          sealed,
          fromDeviceId: me.deviceId,
        });
        return reply.status(stored.status).send(stored.body);
      },
    );
  };
}
