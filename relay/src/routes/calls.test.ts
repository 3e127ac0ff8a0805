import type { DeviceCredentials, PendingEvents } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { auth, injectRelay } from './relay-fixture';

type Relay = Awaited<ReturnType<typeof injectRelay>>;

async function pendingPage(relay: Relay, device: DeviceCredentials, query = '') {
  const response = await relay.app.inject({
    method: 'GET',
    url: `/v1/events/pending${query}`,
    headers: auth(device),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as PendingEvents;
}

async function postEvents(relay: Relay, ids: string[]) {
  for (const id of ids) expect((await relay.postEvent(id)).statusCode).toBe(201);
}

const idsOf = (page: PendingEvents) => page.events.map((event) => event.eventId);

describe('GET /v1/events/pending', () => {
  it('answers 100 calls a page unless limit asks otherwise, with a cursor while more follow', async () => {
    const relay = await injectRelay();
    const ids = Array.from({ length: 120 }, (_, i) => `evt-${i}`);
    await postEvents(relay, ids);

    const first = await pendingPage(relay, relay.daemon);
    expect(idsOf(first)).toEqual(ids.slice(0, 100));
    expect(first.latestId).toBe(120);
    expect(first.next).toEqual(expect.any(String));
    const second = await pendingPage(relay, relay.daemon, `?after=${first.next}`);
    expect(idsOf(second)).toEqual(ids.slice(100));
    expect(second.next).toBeUndefined();

    const all = await pendingPage(relay, relay.daemon, '?limit=500');
    expect([all.events.length, all.next]).toEqual([120, undefined]);
    const small = await pendingPage(relay, relay.daemon, '?limit=7');
    expect(idsOf(small)).toEqual(ids.slice(0, 7));
  });

  it('lists every call once across pages while calls arrive and end, all under the first latestId', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await postEvents(relay, ['a', 'b', 'c', 'd', 'e']);

    const pages = [await pendingPage(relay, phone, '?limit=2')];
    const latestId = pages[0]?.latestId;
    expect(latestId).toBe(5);
    // Between pages: a listed call and a call not yet listed end, new calls arrive.
    for (const eventId of ['b', 'd'])
      await relay.app.inject({
        method: 'POST',
        url: `/v1/events/${eventId}/status`,
        headers: auth(phone),
        payload: { status: 'rejected' },
      });
    await postEvents(relay, ['f', 'g']);
    for (let next = pages.at(-1)?.next; next !== undefined; next = pages.at(-1)?.next) {
      pages.push(await pendingPage(relay, phone, `?limit=2&after=${next}`));
      if (pages.length === 2) await postEvents(relay, ['h']);
    }

    expect(pages.flatMap(idsOf)).toEqual(['a', 'b', 'c', 'e', 'f', 'g', 'h']);
    expect(pages.map((page) => page.latestId)).toEqual(pages.map(() => latestId));
  });

  it('refuses a limit out of range and a cursor it did not make', async () => {
    const relay = await injectRelay();
    for (const query of ['?limit=0', '?limit=501', '?limit=ten', '?after=abc', '?after=1', '?after=1.2.3']) {
      const response = await relay.app.inject({
        method: 'GET',
        url: `/v1/events/pending${query}`,
        headers: auth(relay.daemon),
      });
      expect([response.statusCode, response.json().error], query).toEqual([400, 'invalid_request']);
      expect(response.json().message, query).toMatch(query.startsWith('?limit') ? /^limit/ : /^after/);
    }
  });
});

describe('device names on calls', () => {
  it('names a device paired or renamed after the names were last read, and answers from the cache otherwise', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await postEvents(relay, ['a', 'b', 'c']);
    const setStatus = (device: DeviceCredentials, eventId: string, status: string) =>
      relay.app.inject({
        method: 'POST',
        url: `/v1/events/${eventId}/status`,
        headers: auth(device),
        payload: { status },
      });
    expect((await setStatus(phone, 'a', 'answered')).json().handledBy.name).toBe('Phone');

    const tablet = await relay.pair('app', 'Tablet');
    expect((await setStatus(tablet, 'b', 'answered')).json().handledBy.name).toBe('Tablet');

    await relay.app.inject({
      method: 'PATCH',
      url: `/v1/devices/${phone.deviceId}`,
      headers: auth(phone),
      payload: { name: 'Work phone' },
    });
    expect((await setStatus(phone, 'a', 'completed')).json().handledBy.name).toBe('Work phone');
    const taken = await setStatus(phone, 'b', 'answered');
    expect([taken.statusCode, taken.json().handledBy.name]).toEqual([409, 'Tablet']);
  });
});
