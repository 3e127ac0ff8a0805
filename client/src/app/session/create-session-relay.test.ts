import { describe, expect, it } from 'vitest';
import { type RelayClient, RelayError, RelayUnauthorizedError } from '../../relay';
import { relayedEvent } from '../../relay/test-support';
import { createSessionRelay } from './create-session-relay';

const desk = { deviceId: 'd-desk', name: 'Desk' };

/** A relay client whose status writes fail or succeed as `writeStatus` says. */
function clientWith(parts: Partial<RelayClient>): RelayClient {
  return parts as RelayClient;
}

describe('createSessionRelay: status writes', () => {
  it('takes 401, 403, 404 and 410 as final (nothing to write again), and retries what may not have landed', async () => {
    const failWith = (error: Error) =>
      createSessionRelay(clientWith({ writeStatus: () => Promise.reject(error) }));
    await expect(failWith(new RelayUnauthorizedError()).postStatus('e1', 'answered')).resolves.toEqual({
      outcome: 'refused',
    });
    await expect(
      failWith(new RelayError(403, 'not_call_answerer', 'only Desk may')).postStatus('e1', 'completed'),
    ).resolves.toEqual({ outcome: 'refused' });
    await expect(
      failWith(new RelayError(410, 'gone', 'gone for good')).postStatus('e1', 'completed'),
    ).resolves.toEqual({ outcome: 'refused' });
    await expect(
      failWith(new RelayError(404, 'event_not_found', 'gone')).postStatus('e1', 'completed'),
    ).resolves.toEqual({ outcome: 'gone' });
    await expect(
      failWith(new RelayError(0, 'network_error', 'unreachable')).postStatus('e1', 'answered'),
    ).rejects.toThrow('unreachable');
    await expect(
      failWith(new RelayError(503, 'unavailable', 'busy')).postStatus('e1', 'answered'),
    ).rejects.toThrow('busy');
  });

  it('on 409 asks the relay what the other device did: a decline is a decline, not an answer', async () => {
    const relay = createSessionRelay(
      clientWith({
        writeStatus: async () => ({ ok: false, reason: 'call_taken', handledBy: desk, message: 'taken' }),
        getEvent: async (eventId) => relayedEvent(eventId, { status: 'rejected', handledBy: desk }),
      }),
    );
    await expect(relay.postStatus('e1', 'answered')).resolves.toEqual({
      outcome: 'taken',
      by: desk,
      status: 'rejected',
    });
  });

  it('on 409, when the call cannot be read, names the device that has it as having answered', async () => {
    const relay = createSessionRelay(
      clientWith({
        writeStatus: async () => ({ ok: false, reason: 'call_taken', handledBy: desk, message: 'taken' }),
        getEvent: () => Promise.reject(new RelayError(0, 'network_error', 'unreachable')),
      }),
    );
    await expect(relay.postStatus('e1', 'answered')).resolves.toEqual({ outcome: 'taken', by: desk });
  });
});
