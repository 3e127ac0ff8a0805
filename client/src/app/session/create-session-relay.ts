import { ReplyRefusedError, type WrittenCallStatus } from '@ringback/machines';
import type { HandledBy } from '@ringback/protocol';
import { openEventStream, type RelayClient, RelayError } from '../../relay';
import type { SessionRelay } from './session-relay';

/** The session's view of the relay, backed by the real client and the fetch-based stream reader. */
export function createSessionRelay(client: RelayClient): SessionRelay {
  return {
    clockOffset: () => client.clockOffset(),
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
        const by = result.handledBy ?? { deviceId: '', name: 'another device' };
        const other = await whatTheOtherDeviceWrote(client, eventId);
        return { outcome: 'taken', by: other?.by ?? by, ...(other ? { status: other.status } : {}) };
      } catch (error) {
        if (error instanceof RelayError && error.code === 'event_not_found') return { outcome: 'gone' };
        // This device is no longer on the account, may not write this status, or the call is gone
        // for good: never taken, however often it is tried.
        if (error instanceof RelayError && [401, 403, 410].includes(error.status))
          return { outcome: 'refused' };
        throw error;
      }
    },
    renewLease: (eventId) => client.renewLease(eventId),
    getEvent: (eventId) => client.getEvent(eventId),
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

/**
 * After a 409 `call_taken`: the status the device that has the call wrote (an answer lost to a
 * decline is recorded as the decline), or null when the relay cannot say now.
 */
async function whatTheOtherDeviceWrote(
  client: RelayClient,
  eventId: string,
): Promise<{ status: WrittenCallStatus; by: HandledBy } | null> {
  try {
    const event = await client.getEvent(eventId);
    if (event.status === 'pending' || !event.handledBy) return null;
    return { status: event.status, by: event.handledBy };
  } catch {
    return null;
  }
}
