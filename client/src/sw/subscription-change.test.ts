import { describe, expect, it } from 'vitest';
import { renewSubscription } from './subscription-change';
import { RECORD } from './test-support';

/** A subscription as the browser hands it out. */
function subscription(endpoint: string): PushSubscription {
  return {
    toJSON: () => ({ endpoint, keys: { p256dh: 'BPp256', auth: 'auth' } }),
  } as unknown as PushSubscription;
}

/** A relay with a push key that takes every subscription, noting what it was asked. */
function relay(status = 204) {
  const asked: { url: string; init: RequestInit }[] = [];
  const fetcher = (async (url: string, init: RequestInit) => {
    asked.push({ url, init });
    if (url.endsWith('/v1/push/key')) return Response.json({ publicKey: 'BAEC_-8' });
    return new Response(null, { status });
  }) as typeof fetch;
  return { asked, fetcher };
}

function pushManager(held: PushSubscription | null) {
  const subscribed: PushSubscriptionOptionsInit[] = [];
  return {
    subscribed,
    manager: {
      getSubscription: async () => held,
      subscribe: async (options?: PushSubscriptionOptionsInit) => {
        subscribed.push(options ?? {});
        return subscription('https://push.example.net/fresh');
      },
    },
  };
}

describe('renewSubscription', () => {
  it('registers the subscription the browser renewed, with the device token', async () => {
    const { asked, fetcher } = relay();
    const push = pushManager(null);
    const renewed = subscription('https://push.example.net/renewed');
    expect(
      await renewSubscription({
        readDevice: async () => RECORD,
        renewed,
        pushManager: push.manager,
        fetch: fetcher,
      }),
    ).toBe(true);
    expect(push.subscribed).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0]?.url).toBe('https://relay.example.com/v1/push/subscription');
    expect(asked[0]?.init).toMatchObject({
      method: 'POST',
      headers: { authorization: `Bearer ${RECORD.deviceToken}` },
    });
    expect(JSON.parse(String(asked[0]?.init.body))).toMatchObject({
      endpoint: 'https://push.example.net/renewed',
    });
  });

  it("subscribes again for the relay's key when the browser dropped the subscription", async () => {
    const { asked, fetcher } = relay();
    const push = pushManager(null);
    expect(
      await renewSubscription({
        readDevice: async () => RECORD,
        renewed: null,
        pushManager: push.manager,
        fetch: fetcher,
      }),
    ).toBe(true);
    expect(push.subscribed).toHaveLength(1);
    expect(push.subscribed[0]?.userVisibleOnly).toBe(true);
    expect([...new Uint8Array(push.subscribed[0]?.applicationServerKey as Uint8Array)]).toEqual([
      4, 1, 2, 255, 239,
    ]);
    expect(asked.map((request) => new URL(request.url).pathname)).toEqual([
      '/v1/push/key',
      '/v1/push/subscription',
    ]);
  });

  it('does nothing for a device that is not paired, and says so when the relay refuses', async () => {
    const push = pushManager(subscription('https://push.example.net/held'));
    const unpaired = relay();
    expect(
      await renewSubscription({
        readDevice: async () => null,
        renewed: null,
        pushManager: push.manager,
        fetch: unpaired.fetcher,
      }),
    ).toBe(false);
    expect(unpaired.asked).toEqual([]);
    const refusing = relay(503);
    expect(
      await renewSubscription({
        readDevice: async () => RECORD,
        renewed: null,
        pushManager: push.manager,
        fetch: refusing.fetcher,
      }),
    ).toBe(false);
  });
});
