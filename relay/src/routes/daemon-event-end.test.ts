import { createECDH, randomBytes } from 'node:crypto';
import type { DeviceCredentials } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { PushTransport } from '../push/push-transport';
import { auth, injectRelay } from './relay-fixture';

type Relay = Awaited<ReturnType<typeof injectRelay>>;

const end = (relay: Relay, eventId: string, device: DeviceCredentials = relay.daemon) =>
  relay.app.inject({ method: 'POST', url: `/v1/daemon/events/${eventId}/end`, headers: auth(device) });
const setStatus = (relay: Relay, device: DeviceCredentials, eventId: string, status: string) =>
  relay.app.inject({
    method: 'POST',
    url: `/v1/events/${eventId}/status`,
    headers: auth(device),
    payload: { status },
  });
const postReply = (relay: Relay, device: DeviceCredentials, eventId: string, replyId: string) =>
  relay.app.inject({
    method: 'POST',
    url: `/v1/events/${eventId}/replies`,
    headers: auth(device),
    payload: { replyId, sealed: 'e1.abcdefghijkl.decision' },
  });

/** Every frame the account's streams are sent, by seq. */
function observe(relay: Relay) {
  const sent: number[] = [];
  relay.hub.add(relay.daemon.accountId, {
    deviceId: 'observer',
    send: (seq) => sent.push(seq) > 0,
    close: () => {},
  });
  return sent;
}

describe('POST /v1/daemon/events/:eventId/end', () => {
  it('ends a ringing call completed by the computer, with a status frame for every device; a repeat is 204', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    expect((await relay.postEvent('perm-1')).statusCode).toBe(201);
    const sent = observe(relay);

    const ended = await end(relay, 'perm-1');
    expect([ended.statusCode, ended.body]).toEqual([204, '']);
    expect(sent).toEqual([2]);
    const log = await relay.store.logSince(relay.daemon.accountId, 1, 10);
    expect(log).toMatchObject([{ seq: 2, kind: 'status', eventId: 'perm-1' }]);
    const call = await relay.app.inject({ method: 'GET', url: '/v1/events/perm-1', headers: auth(phone) });
    expect(call.json()).toMatchObject({
      status: 'completed',
      sealed: null,
      handledBy: { deviceId: relay.daemon.deviceId, name: 'Laptop' },
    });

    expect((await end(relay, 'perm-1')).statusCode).toBe(204);
    expect(sent).toEqual([2]);
  });

  it('takes the call from a phone in it that has not decided: its decision then is refused', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('perm-1');
    expect((await setStatus(relay, phone, 'perm-1', 'answered')).statusCode).toBe(200);

    expect((await end(relay, 'perm-1')).statusCode).toBe(204);
    const late = await postReply(relay, phone, 'perm-1', 'r-1');
    expect([late.statusCode, late.json().error]).toEqual([403, 'not_call_answerer']);
    expect((await setStatus(relay, phone, 'perm-1', 'completed')).statusCode).toBe(409);
  });

  it('answers 409 call_ended once a decision was taken, or the call ended otherwise', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('decided');
    await setStatus(relay, phone, 'decided', 'answered');
    expect((await postReply(relay, phone, 'decided', 'r-1')).statusCode).toBe(201);
    const refused = await end(relay, 'decided');
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'call_ended']);

    await relay.postEvent('declined');
    await setStatus(relay, phone, 'declined', 'rejected');
    expect((await end(relay, 'declined')).json().error).toBe('call_ended');
  });

  it("answers 404 for an unknown call and another computer's; an app may not end a call (403)", async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    const desktop = await relay.pair('daemon', 'Desktop');
    await relay.postEvent('perm-1');

    const unknown = await end(relay, 'nope');
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'event_not_found']);
    expect((await end(relay, 'perm-1', desktop)).json().error).toBe('event_not_found');
    const byApp = await end(relay, 'perm-1', phone);
    expect([byApp.statusCode, byApp.json().error]).toEqual([403, 'daemon_only']);
    const anonymous = await relay.app.inject({ method: 'POST', url: '/v1/daemon/events/perm-1/end' });
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await relay.app.inject({ method: 'GET', url: '/v1/events/perm-1', headers: auth(phone) })).json()
        .status,
    ).toBe('pending');
  });

  it("ends the call's pushes as an answer elsewhere does", async () => {
    const endpoints: string[] = [];
    const transport: PushTransport = {
      deliver: (push, signal) =>
        new Promise((_, reject) => {
          endpoints.push(push.endpoint);
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
      close: async () => {},
    };
    const relay = await injectRelay({}, { push: { subject: 'mailto:ops@example.com', transport } });
    const phone = await relay.pair('app', 'Phone');
    const keys = createECDH('prime256v1');
    keys.generateKeys();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`;
    await relay.app.inject({
      method: 'POST',
      url: '/v1/push/subscription',
      headers: auth(phone),
      payload: {
        endpoint,
        expirationTime: null,
        keys: {
          p256dh: keys.getPublicKey().toString('base64url'),
          auth: randomBytes(16).toString('base64url'),
        },
      },
    });

    await relay.postEvent('perm-1');
    await expect.poll(() => endpoints).toEqual([endpoint]);
    expect((await end(relay, 'perm-1')).statusCode).toBe(204);
    // The last push: the notification is replaced by the call's ending.
    await expect.poll(() => endpoints).toEqual([endpoint, endpoint]);
  });
});
