import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRelayClient, RelayError } from '../relay';
import { SERVER, TOKEN } from '../relay/test-support';
import { memoryStore } from '../storage/key-value-store';
import { createPushSubscriber, type PushManagerLike, type PushSubscriptionLike } from './push-subscriber';
import { storedRefusedEndpoints } from './refused-endpoints';

const KEY_A = 'BAEC_-8';
const KEY_B = 'BAUG_-8';
const KEYS = { p256dh: `B${'p'.repeat(86)}`, auth: 'YXV0aHNlY3JldDEyMzQ1Ng' };

/** A browser's push manager: one subscription at a time, each remembering the key it was made for. */
function fakePushManager() {
  const calls: string[] = [];
  let serial = 0;
  let current: PushSubscriptionLike | null = null;
  const make = (key: Uint8Array): PushSubscriptionLike => {
    const endpoint = `https://push.example/send/${++serial}`;
    const subscription: PushSubscriptionLike = {
      options: { applicationServerKey: new Uint8Array(key).buffer },
      toJSON: () => ({ endpoint, expirationTime: null, keys: KEYS }),
      async unsubscribe() {
        calls.push(`unsubscribe ${endpoint}`);
        if (current === subscription) current = null;
        return true;
      },
    };
    return subscription;
  };
  const manager: PushManagerLike = {
    async getSubscription() {
      return current;
    },
    async subscribe(options) {
      calls.push(`subscribe userVisibleOnly=${options.userVisibleOnly}`);
      current = make(options.applicationServerKey as Uint8Array);
      return current;
    },
  };
  return {
    manager,
    calls,
    /** The push service dropped the subscription (expired, or the user cleared site data). */
    drop() {
      current = null;
    },
    current: () => current,
  };
}

/** The relay: its key (or its refusal to push), and the subscription it holds for this device. */
function fakeRelay() {
  const state = {
    publicKey: KEY_A as string | null,
    held: null as unknown,
    requests: [] as string[],
    /** Endpoints a device of another account holds: posting one is refused with 409. */
    takenByAnotherAccount: [] as string[],
    /** The relay may not send to this push service: every post is refused with 422. */
    refusesPushService: false,
  };
  server.use(
    http.get(`${SERVER}/v1/push/key`, () => {
      state.requests.push('GET key');
      return state.publicKey
        ? HttpResponse.json({ publicKey: state.publicKey })
        : HttpResponse.json(
            { error: 'push_unavailable', message: 'no https public URL is set' },
            { status: 503 },
          );
    }),
    http.post(`${SERVER}/v1/push/subscription`, async ({ request }) => {
      const body = (await request.json()) as { endpoint: string };
      state.requests.push(`POST ${body.endpoint}`);
      if (state.refusesPushService)
        return HttpResponse.json(
          {
            error: 'push_endpoint_refused',
            message: 'push.example is not a push service this relay sends to',
          },
          { status: 422 },
        );
      if (state.takenByAnotherAccount.includes(body.endpoint))
        return HttpResponse.json(
          { error: 'push_endpoint_taken', message: 'the endpoint belongs to a device of another account' },
          { status: 409 },
        );
      state.held = body;
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(`${SERVER}/v1/push/subscription`, () => {
      state.requests.push('GET subscription');
      return HttpResponse.json({ endpoint: (state.held as { endpoint: string } | null)?.endpoint ?? null });
    }),
    http.delete(`${SERVER}/v1/push/subscription`, () => {
      state.requests.push('DELETE');
      state.held = null;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setUp() {
  const browser = fakePushManager();
  const relay = fakeRelay();
  const storage = memoryStore();
  /** A subscriber as the app makes one at each start, over the same browser and local storage. */
  const start = () =>
    createPushSubscriber({
      relay: createRelayClient({ server: SERVER, token: TOKEN }),
      pushManager: async () => browser.manager,
      refused: storedRefusedEndpoints(storage),
    });
  return { browser, relay, subscriber: start(), start, storage };
}

describe('the push subscriber', () => {
  it("subscribes for the relay's key, user-visible only, and posts the subscription's JSON", async () => {
    const { browser, relay, subscriber } = setUp();
    expect(await subscriber.subscribe()).toBe('subscribed');
    expect(browser.calls).toEqual(['subscribe userVisibleOnly=true']);
    expect(new Uint8Array(browser.current()?.options?.applicationServerKey ?? new ArrayBuffer(0))).toEqual(
      new Uint8Array([4, 1, 2, 255, 239]),
    );
    expect(relay.held).toEqual({ endpoint: 'https://push.example/send/1', expirationTime: null, keys: KEYS });
    expect(relay.requests).toEqual(['GET key', 'POST https://push.example/send/1']);
  });

  it('at the next start keeps a subscription made for the same key, and posts it again', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    relay.held = null;
    expect(await subscriber.subscribe()).toBe('kept');
    expect(browser.calls).toEqual(['subscribe userVisibleOnly=true']);
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/1' });
  });

  it("subscribes again when the relay's key changed, ending the old subscription first", async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    relay.publicKey = KEY_B;
    expect(await subscriber.subscribe()).toBe('renewed');
    expect(browser.calls).toEqual([
      'subscribe userVisibleOnly=true',
      'unsubscribe https://push.example/send/1',
      'subscribe userVisibleOnly=true',
    ]);
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/2' });
  });

  it('subscribes again when the subscription is gone', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    browser.drop();
    expect(await subscriber.subscribe()).toBe('subscribed');
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/2' });
  });

  it('uses a key the page already read, without asking the relay again', async () => {
    const { relay, subscriber } = setUp();
    await subscriber.subscribe(KEY_A);
    expect(relay.requests).toEqual(['POST https://push.example/send/1']);
  });

  it('turned off, ends the subscription and asks the relay to forget it (also when none is held)', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    await subscriber.unsubscribe();
    expect(browser.current()).toBeNull();
    expect(browser.calls.at(-1)).toBe('unsubscribe https://push.example/send/1');
    expect(relay.held).toBeNull();
    await subscriber.unsubscribe();
    expect(relay.requests.filter((request) => request === 'DELETE')).toHaveLength(2);
  });

  it('turned off with the browser part failing, still asks the relay to forget it, then says what failed', async () => {
    const { relay } = setUp();
    const broken = createPushSubscriber({
      relay: createRelayClient({ server: SERVER, token: TOKEN }),
      pushManager: async () => {
        throw new Error("Ringback's service worker did not answer within 15 s");
      },
      refused: storedRefusedEndpoints(memoryStore()),
    });
    await expect(broken.unsubscribe()).rejects.toThrow(/service worker did not answer/);
    expect(relay.requests).toEqual(['DELETE']);
  });

  it('drops a subscription left over after a turn-off, and asks the relay nothing when there is none', async () => {
    const { browser, relay, subscriber } = setUp();
    expect(await subscriber.dropLeftover()).toBe(false);
    expect(relay.requests).toEqual([]);
    await subscriber.subscribe();
    expect(await subscriber.dropLeftover()).toBe(true);
    expect(browser.current()).toBeNull();
    expect(relay.requests.at(-1)).toBe('DELETE');
  });

  it("carries the relay's reason when it sends no pushes, and subscribes nothing", async () => {
    const { browser, relay, subscriber } = setUp();
    relay.publicKey = null;
    const failure = await subscriber.subscribe().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RelayError);
    expect(failure).toMatchObject({ code: 'push_unavailable', message: 'no https public URL is set' });
    expect(browser.calls).toEqual([]);
  });

  it('runs one call at a time: a start-up check and a tap never subscribe twice', async () => {
    const { browser, subscriber } = setUp();
    const outcomes = await Promise.all([subscriber.subscribe(), subscriber.subscribe()]);
    expect(outcomes).toEqual(['subscribed', 'kept']);
    expect(browser.calls).toEqual(['subscribe userVisibleOnly=true']);
  });

  it('names a subscription the browser gives without keys instead of posting it', async () => {
    const { relay } = setUp();
    const keyless = createPushSubscriber({
      relay: createRelayClient({ server: SERVER, token: TOKEN }),
      pushManager: async () => ({
        getSubscription: async () => null,
        subscribe: async () => ({
          toJSON: () => ({ endpoint: 'https://push.example/x' }),
          unsubscribe: async () => true,
        }),
      }),
      refused: storedRefusedEndpoints(memoryStore()),
    });
    await expect(keyless.subscribe()).rejects.toThrow(/cannot be sent/);
    expect(relay.held).toBeNull();
  });

  it("subscribes afresh once when the relay says another account's device holds the endpoint", async () => {
    const { browser, relay, subscriber } = setUp();
    relay.takenByAnotherAccount.push('https://push.example/send/1');
    expect(await subscriber.subscribe()).toBe('renewed');
    expect(browser.calls).toEqual([
      'subscribe userVisibleOnly=true',
      'unsubscribe https://push.example/send/1',
      'subscribe userVisibleOnly=true',
    ]);
    expect(relay.requests).toEqual([
      'GET key',
      'POST https://push.example/send/1',
      'POST https://push.example/send/2',
    ]);
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/2' });
  });

  it('tries a fresh endpoint only once: refused again, it says so', async () => {
    const { relay, subscriber } = setUp();
    relay.takenByAnotherAccount.push('https://push.example/send/1', 'https://push.example/send/2');
    await expect(subscriber.subscribe()).rejects.toMatchObject({ code: 'push_endpoint_taken' });
    expect(relay.requests.filter((request) => request.startsWith('POST'))).toHaveLength(2);
  });
});

describe('renewing at each start', () => {
  it('keeps the subscription, posting nothing, while the relay holds its endpoint', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    relay.requests.length = 0;
    expect(await subscriber.renew()).toBe('kept');
    expect(browser.calls).toEqual(['subscribe userVisibleOnly=true']);
    expect(relay.requests.sort()).toEqual(['GET key', 'GET subscription']);
  });

  it('subscribes afresh, with a new endpoint, when the relay holds none (it dropped a refused one)', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    relay.held = null;
    expect(await subscriber.renew()).toBe('renewed');
    expect(browser.calls.slice(1)).toEqual([
      'unsubscribe https://push.example/send/1',
      'subscribe userVisibleOnly=true',
    ]);
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/2' });
  });

  it('subscribes afresh when the relay holds another endpoint than this browser has', async () => {
    const { browser, relay, subscriber } = setUp();
    await subscriber.subscribe();
    relay.held = { endpoint: 'https://push.example/send/other' };
    expect(await subscriber.renew()).toBe('renewed');
    expect(browser.calls.at(-1)).toBe('subscribe userVisibleOnly=true');
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/2' });
  });

  it('subscribes when the browser has no subscription, and afresh when the relay refuses the endpoint as taken', async () => {
    const { browser, relay, subscriber } = setUp();
    expect(await subscriber.renew()).toBe('subscribed');
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/1' });
    relay.held = null;
    relay.takenByAnotherAccount.push('https://push.example/send/2');
    expect(await subscriber.renew()).toBe('renewed');
    expect(relay.held).toMatchObject({ endpoint: 'https://push.example/send/3' });
    expect(browser.current()?.toJSON()).toMatchObject({ endpoint: 'https://push.example/send/3' });
  });
});

describe('a relay that refuses this browser’s push service for good (422)', () => {
  it('is remembered: the next starts subscribe nothing and post nothing, and say the relay’s reason', async () => {
    const { browser, relay, start } = setUp();
    relay.refusesPushService = true;
    await expect(start().renew()).rejects.toMatchObject({ code: 'push_endpoint_refused' });
    expect(await start().renew()).toBe('refused');
    expect(await start().renew()).toBe('refused');
    expect(browser.calls.filter((call) => call.startsWith('subscribe'))).toHaveLength(1);
    expect(relay.requests.filter((request) => request.startsWith('POST'))).toHaveLength(1);
    expect(await start().refusal()).toBe('push.example is not a push service this relay sends to');
  });

  it('is tried again on a tap, and forgotten once the relay takes it', async () => {
    const { relay, start } = setUp();
    relay.refusesPushService = true;
    await expect(start().subscribe()).rejects.toMatchObject({ code: 'push_endpoint_refused' });
    expect(await start().refusal()).not.toBeNull();
    relay.refusesPushService = false;
    expect(await start().subscribe()).toBe('kept');
    expect(await start().refusal()).toBeNull();
    expect(await start().renew()).toBe('kept');
  });

  it('is remembered per relay: another relay is still asked', async () => {
    const { browser, relay, start, storage } = setUp();
    relay.refusesPushService = true;
    await expect(start().renew()).rejects.toMatchObject({ code: 'push_endpoint_refused' });
    const elsewhere = storedRefusedEndpoints(storage);
    expect(elsewhere.reason('https://other-relay.example', 'https://push.example')).toBeNull();
    expect(elsewhere.reason(SERVER, 'https://push.example')).not.toBeNull();
    expect(browser.calls).toHaveLength(1);
  });
});
