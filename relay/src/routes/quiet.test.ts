import type { DeviceCredentials } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { auth, injectRelay } from './relay-fixture';

describe('POST /v1/events/:eventId/quiet', () => {
  it('records that this app device wants no more re-alerts of the call (204, again 204)', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('evt-1');
    for (let i = 0; i < 2; i++) {
      const response = await relay.app.inject({
        method: 'POST',
        url: '/v1/events/evt-1/quiet',
        headers: auth(phone),
      });
      expect([response.statusCode, response.body]).toEqual([204, '']);
    }
    expect(await relay.store.quietDevices(phone.accountId, 'evt-1')).toEqual([phone.deviceId]);
    // It declines nothing: the call still rings for everyone.
    expect((await relay.store.getEvent(phone.accountId, 'evt-1'))?.status).toBe('pending');
  });

  it('answers 404 event_not_found for an unknown call or another account’s', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('evt-1');
    const signup = await relay.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      payload: { kind: 'daemon', name: 'Elsewhere' },
    });
    const elsewhere = signup.json() as DeviceCredentials;
    expect((await relay.postEvent('evt-elsewhere', elsewhere)).statusCode).toBe(201);
    for (const eventId of ['no-such-call', 'evt-elsewhere']) {
      const response = await relay.app.inject({
        method: 'POST',
        url: `/v1/events/${eventId}/quiet`,
        headers: auth(phone),
      });
      expect([response.statusCode, response.json().error]).toEqual([404, 'event_not_found']);
    }
  });

  it('is for app devices only (403 app_only for a daemon), and needs a token (401)', async () => {
    const relay = await injectRelay();
    await relay.postEvent('evt-1');
    const daemon = await relay.app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/quiet',
      headers: auth(relay.daemon),
    });
    expect([daemon.statusCode, daemon.json().error]).toEqual([403, 'app_only']);
    const anonymous = await relay.app.inject({ method: 'POST', url: '/v1/events/evt-1/quiet' });
    expect([anonymous.statusCode, anonymous.json().error]).toEqual([401, 'unauthorized']);
    expect(await relay.store.quietDevices(relay.daemon.accountId, 'evt-1')).toEqual([]);
  });
});
