import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { deviceOf } from '../auth/device-auth';
import { deviceNames, toRelayedEvent, toStatusChange } from '../events/relayed-event';
import { toReplyState } from '../events/reply-state';
import type { RelayDeps } from '../relay-deps';
import type { DeviceRecord } from '../storage/relay-store';
import { type StreamClient, sseFrame } from '../stream/stream-hub';

/** A client that lets this much pile up unread is too slow: it is closed and resumes by id. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const REPLAY_PAGE = 500;

function lastEventIdOf(request: FastifyRequest): number | null {
  const header = request.headers['last-event-id'];
  const raw = typeof header === 'string' ? header : (request.query as { lastEventId?: string }).lastEventId;
  if (raw === undefined || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 0 ? id : null;
}

/**
 * `GET /v1/stream`: the account's ordered log as SSE. With `Last-Event-ID` it first replays
 * what was missed (paged, from the database), while live frames wait in a buffer; then it
 * sends those live frames not already replayed, so nothing is lost and nothing comes twice.
 */
export function streamRoutes(deps: RelayDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/v1/stream', async (request, reply) => {
      const me = deviceOf(request);
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);

      let replaying = true;
      let lastSent = lastEventIdOf(request) ?? (await deps.store.latestLogSeq(me.accountId));
      const held: [number, string][] = [];
      let closed = false;
      const write = (seq: number, frame: string): boolean => {
        if (seq <= lastSent) return true;
        lastSent = seq;
        raw.write(frame);
        return raw.writableLength <= MAX_BUFFERED_BYTES;
      };
      const client: StreamClient = {
        deviceId: me.deviceId,
        send(seq, frame) {
          if (replaying) {
            held.push([seq, frame]);
            return held.length < 10_000;
          }
          return write(seq, frame);
        },
        close() {
          if (closed) return;
          closed = true;
          raw.end();
        },
      };
      const remove = deps.hub.add(me.accountId, client);
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), deps.heartbeatMs);
      raw.on('close', () => {
        closed = true;
        clearInterval(heartbeat);
        remove();
      });
      raw.write(`retry: 2000\n: connected\n\n`);

      try {
        if (lastEventIdOf(request) !== null) await replay(deps, me, lastSent, write, () => closed);
      } catch (error) {
        deps.logger.error(`stream replay for device ${me.deviceId} failed: ${(error as Error).message}`);
        client.close();
        return;
      }
      replaying = false;
      if (raw.writableLength > MAX_BUFFERED_BYTES) return client.close();
      for (const [seq, frame] of held.splice(0)) if (!write(seq, frame)) return client.close();
    });
  };
}

async function replay(
  deps: RelayDeps,
  me: DeviceRecord,
  after: number,
  write: (seq: number, frame: string) => boolean,
  isClosed: () => boolean,
): Promise<void> {
  const [oldest, latest] = await Promise.all([
    deps.store.oldestLogSeq(me.accountId),
    deps.store.latestLogSeq(me.accountId),
  ]);
  // What was missed is past the retention window (all of it, when the whole log was purged):
  // the app reconciles with /v1/events/pending.
  const purgedGap = oldest === null ? after < latest : after + 1 < oldest;
  if (purgedGap) {
    write(latest, sseFrame(latest, 'resync', { latestId: latest }));
    return;
  }
  const names = await deviceNames(deps.store, me.accountId);
  let cursor = after;
  while (!isClosed()) {
    const entries = await deps.store.logSince(me.accountId, cursor, REPLAY_PAGE);
    for (const entry of entries) {
      cursor = entry.seq;
      if (entry.kind === 'reply') {
        const reply = entry.replyId ? await deps.store.getReply(me.accountId, entry.replyId) : null;
        if (reply && !write(entry.seq, sseFrame(entry.seq, 'reply', toReplyState(reply)))) return;
        continue;
      }
      const event = await deps.store.getEvent(me.accountId, entry.eventId);
      if (!event) continue;
      // An ended call's ciphertext is gone; its status frame says how it ended.
      if (entry.kind === 'event' && event.sealed === null) continue;
      const frame =
        entry.kind === 'event'
          ? sseFrame(entry.seq, 'event', toRelayedEvent(event, names))
          : sseFrame(entry.seq, 'status', toStatusChange(event, names));
      if (!write(entry.seq, frame)) return;
    }
    if (entries.length < REPLAY_PAGE) return;
  }
}
