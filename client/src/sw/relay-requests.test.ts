import { describe, expect, it } from 'vitest';
import { declineCall, fetchRelayedEvent, quietCall } from './relay-requests';
import { EVENT_ID, RECORD, relayedCall } from './test-support';

/** A relay that answers every request with `respond` and records what it was asked. */
function relay(respond: () => Response | Promise<Response>) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    return respond();
  }) as typeof fetch;
  return { asked, fetcher };
}

describe('fetchRelayedEvent', () => {
  it('asks GET /v1/events/:id with the device token, uncached and with a deadline', async () => {
    const event = await relayedCall(`k1_${'A'.repeat(43)}`);
    const { asked, fetcher } = relay(() => Response.json(event));
    expect(await fetchRelayedEvent(RECORD, EVENT_ID, fetcher)).toEqual(event);
    expect(asked[0]?.url).toBe(`https://relay.example.com/v1/events/${EVENT_ID}`);
    expect(asked[0]?.init.headers).toMatchObject({ authorization: `Bearer ${RECORD.deviceToken}` });
    expect(asked[0]?.init.cache).toBe('no-store');
    expect(asked[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('throws on an error answer or a body that is not a call', async () => {
    const missing = relay(() => Response.json({ error: 'event_not_found' }, { status: 404 }));
    await expect(fetchRelayedEvent(RECORD, EVENT_ID, missing.fetcher)).rejects.toThrow(/404/);
    const odd = relay(() => Response.json({ eventId: EVENT_ID }));
    await expect(fetchRelayedEvent(RECORD, EVENT_ID, odd.fetcher)).rejects.toThrow();
  });
});

describe('declineCall', () => {
  it('posts status rejected with the device token', async () => {
    const { asked, fetcher } = relay(() => Response.json({}));
    expect(await declineCall(RECORD, EVENT_ID, fetcher)).toBe('declined');
    expect(asked[0]?.url).toBe(`https://relay.example.com/v1/events/${EVENT_ID}/status`);
    expect(asked[0]?.init).toMatchObject({
      method: 'POST',
      headers: { authorization: `Bearer ${RECORD.deviceToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'rejected' }),
    });
  });

  it('tells a call that already ended elsewhere (409) from a decline taken, and both from a failure', async () => {
    expect(
      await declineCall(RECORD, EVENT_ID, relay(() => new Response(null, { status: 409 })).fetcher),
    ).toBe('ended-elsewhere');
    expect(
      await declineCall(RECORD, EVENT_ID, relay(() => new Response(null, { status: 401 })).fetcher),
    ).toBe('failed');
    const down = relay(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await declineCall(RECORD, EVENT_ID, down.fetcher)).toBe('failed');
  });
});

describe('quietCall', () => {
  it('posts /quiet with the device token and no body', async () => {
    const { asked, fetcher } = relay(() => new Response(null, { status: 204 }));
    expect(await quietCall(RECORD, EVENT_ID, fetcher)).toBe(true);
    expect(asked[0]?.url).toBe(`https://relay.example.com/v1/events/${EVENT_ID}/quiet`);
    expect(asked[0]?.init).toMatchObject({
      method: 'POST',
      headers: { authorization: `Bearer ${RECORD.deviceToken}` },
    });
    expect(asked[0]?.init.body).toBeUndefined();
    expect(asked[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it('says false, without throwing, when the relay refuses or cannot be reached', async () => {
    expect(await quietCall(RECORD, EVENT_ID, relay(() => new Response(null, { status: 404 })).fetcher)).toBe(
      false,
    );
    const down = relay(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await quietCall(RECORD, EVENT_ID, down.fetcher)).toBe(false);
  });
});
