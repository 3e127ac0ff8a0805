import { ReplyRefusedError } from '@ringback/machines';
import { openEventStream, type RelayClient, RelayError } from '../../relay';
import type { SessionRelay } from './session-relay';

/** The session's view of the relay, backed by the real client and the fetch-based stream reader. */
export function createSessionRelay(client: RelayClient): SessionRelay {
  return {
    openStream(handlers) {
      return openEventStream({
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
    },
    async postStatus(eventId, status) {
      try {
        const result = await client.writeStatus(eventId, status);
        if (result.ok) return { outcome: 'written' };
        return { outcome: 'taken', by: result.handledBy ?? { deviceId: '', name: 'another device' } };
      } catch (error) {
        if (error instanceof RelayError && error.code === 'event_not_found') return { outcome: 'gone' };
        throw error;
      }
    },
    async sendReply(eventId, body, signal) {
      try {
        return await client.sendReply(eventId, body, signal);
      } catch (error) {
        if (error instanceof RelayError && error.code === 'not_call_answerer')
          throw new ReplyRefusedError(error.handledBy);
        throw error;
      }
    },
  };
}
