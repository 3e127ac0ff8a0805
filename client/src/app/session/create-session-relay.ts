import { openEventStream, type RelayClient } from '../../relay';
import type { SessionRelay } from './session-relay';

/** The session's view of the relay, backed by the real client and the fetch-based stream reader. */
export function createSessionRelay(client: RelayClient): SessionRelay {
  return {
    openStream(handlers) {
      const stream = openEventStream({
        client,
        onFrame(frame) {
          if (frame.type === 'event') handlers.onEvent(frame.event);
          else if (frame.type === 'status') handlers.onStatus(frame.change);
          else if (frame.type === 'reply') handlers.onReply(frame.reply);
        },
        onReconciled: (events) => handlers.onReconciled(events),
        onUnauthorized: () => handlers.onUnauthorized(),
        onState(state) {
          if (state === 'connecting' || state === 'connected' || state === 'offline')
            handlers.onConnection(state);
        },
      });
      return stream;
    },
    async writeStatus(eventId, status) {
      const result = await client.writeStatus(eventId, status);
      if (result.ok) return {};
      return result.handledBy
        ? { taken: result.handledBy }
        : { taken: { deviceId: '', name: 'another device' } };
    },
    sendReply: (eventId, body) => client.sendReply(eventId, body),
  };
}
