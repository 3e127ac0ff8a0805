import {
  createParser,
  type RelayedEvent,
  RelayedEvent as RelayedEventSchema,
  type ReplyState,
  ReplyState as ReplyStateSchema,
  type SseMessage,
  type StatusChange,
  StatusChange as StatusChangeSchema,
} from '@ringback/protocol';

/** One frame of `GET /v1/stream`, parsed and checked; `id` is its stream id (for `Last-Event-ID`). */
export type StreamFrame =
  | { type: 'event'; id: string; event: RelayedEvent }
  | { type: 'status'; id: string; change: StatusChange }
  | { type: 'reply'; id: string; reply: ReplyState }
  | { type: 'resync'; id: string; latestId: number };

const parseEvent = createParser(RelayedEventSchema);
const parseStatus = createParser(StatusChangeSchema);
const parseReply = createParser(ReplyStateSchema);

/** The typed frame of an SSE message; throws when the relay sent something malformed or unknown. */
export function toStreamFrame(message: SseMessage): StreamFrame {
  const id = message.lastEventId;
  const data: unknown = JSON.parse(message.data);
  switch (message.event) {
    case 'event':
      return { type: 'event', id, event: parseEvent.parse(data) };
    case 'status':
      return { type: 'status', id, change: parseStatus.parse(data) };
    case 'reply':
      return { type: 'reply', id, reply: parseReply.parse(data) };
    case 'resync': {
      const latestId = (data as { latestId?: unknown } | null)?.latestId;
      if (typeof latestId !== 'number') throw new Error('a resync frame without latestId');
      return { type: 'resync', id, latestId };
    }
    default:
      throw new Error(`an unknown stream frame type: ${message.event}`);
  }
}
