import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ErrorBody, StreamHeaders, StreamQuery } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import { deviceOf } from '../auth/device-auth';
import { logFrame } from '../events/log-frame';
import { replyRelayUnavailable, STREAM_UNAVAILABLE_MESSAGE } from '../http/relay-unavailable';
import type { RelayRuntime } from '../relay-deps';
import type { DeviceRecord } from '../storage/relay-store';
import { SseWriter } from '../stream/sse-writer';
import { StreamConnection } from '../stream/stream-connection';
import { sseFrame } from '../stream/stream-hub';

/** A client that lets this much pile up unread is too slow: it is closed and resumes by id. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const REPLAY_PAGE = 500;

/**
 * `GET /v1/stream`: the account's ordered log as SSE. With `Last-Event-ID` it first replays
 * what was missed (paged, from the database, at the pace the client reads), while live frames
 * wait in a bounded buffer; then it sends those not already replayed: nothing lost, nothing twice.
 */
export function streamRoutes(deps: RelayRuntime): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<TypeBoxTypeProvider>().get(
      '/v1/stream',
      {
        // Refused before device auth while this instance cannot hear the log (http/relay-unavailable.ts).
        config: { opensStream: true },
        schema: {
          headers: StreamHeaders,
          querystring: StreamQuery,
          response: {
            200: Type.String({
              description: 'text/event-stream: frames `event`, `status`, `reply`, `resync`',
            }),
            '4xx': ErrorBody,
            503: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const me = deviceOf(request);
        // Asked again, in the same turn as the stream joins the hub below (the hook asked before
        // device auth, which may have waited on the database): a stream in the hub was let in
        // while this instance heard the log, and is closed (its client resumes) if it stops.
        if (!deps.cluster.acceptsStreams()) return replyRelayUnavailable(reply, STREAM_UNAVAILABLE_MESSAGE);
        const resumeId = request.headers['last-event-id'] ?? request.query.lastEventId;
        const resumeAfter = resumeId === undefined ? null : Number(resumeId);
        reply.hijack();

        let leaveHub = () => {};
        const writer = new SseWriter(reply.raw, {
          maxBufferedBytes: MAX_BUFFERED_BYTES,
          heartbeatMs: deps.heartbeatMs,
          onClose: () => leaveHub(),
        });
        // Joins the hub before reading where the log stands, holding live frames meanwhile: a
        // frame written between the two is either at or below that position or held, never lost.
        const connection = new StreamConnection(me.deviceId, writer, {
          after: resumeAfter ?? 0,
          replaying: true,
          maxHeldBytes: MAX_BUFFERED_BYTES,
        });
        if (!writer.open) return;
        leaveHub = deps.hub.add(me.accountId, connection);
        try {
          if (resumeAfter === null) {
            const latest = await deps.store.latestLogSeq(me.accountId);
            connection.skipTo(latest);
            // Where this stream stands, so the fan-out owes it everything after (log-fanout.ts).
            if (connection.open) deps.local.fanout.joined(me.accountId, latest);
            writer.start();
          } else {
            writer.start();
            const replayed = await replay(deps, me, resumeAfter, connection);
            if (connection.open) deps.local.fanout.joined(me.accountId, replayed);
          }
        } catch (error) {
          deps.logger.error(`stream replay for device ${me.deviceId} failed: ${(error as Error).message}`);
          connection.close();
          return;
        }
        await connection.goLive();
      },
    );
  };
}

/** Sends what follows `after` from the log; returns the seq it read up to. */
async function replay(
  deps: RelayRuntime,
  me: DeviceRecord,
  after: number,
  connection: StreamConnection,
): Promise<number> {
  const [oldest, latest] = await Promise.all([
    deps.store.oldestLogSeq(me.accountId),
    deps.store.latestLogSeq(me.accountId),
  ]);
  // What was missed is past the retention window (all of it, when the whole log was purged):
  // the app reconciles with /v1/events/pending.
  const purgedGap = oldest === null ? after < latest : after + 1 < oldest;
  if (purgedGap) {
    await connection.replay(latest, sseFrame(latest, 'resync', { latestId: latest }));
    return latest;
  }
  const names = await deps.names.of(me.accountId);
  let cursor = after;
  while (connection.open) {
    const entries = await deps.store.logSince(me.accountId, cursor, REPLAY_PAGE);
    for (const entry of entries) {
      cursor = entry.seq;
      const frame = await logFrame(deps.store, entry, names);
      if (frame !== null && !(await connection.replay(entry.seq, frame))) return cursor;
    }
    if (entries.length < REPLAY_PAGE) return cursor;
  }
  return cursor;
}
