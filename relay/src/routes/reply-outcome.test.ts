import { createSseParser, type DeviceCredentials, type ReplyState } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { afterThisTest, waitUntil } from './cleanup-fixture';
import { liveRelay } from './live-relay-fixture';

/** The `reply` frames of a device's stream, as the app reads them. */
async function replyFrames(url: string, device: DeviceCredentials) {
  const controller = new AbortController();
  afterThisTest(() => controller.abort());
  const response = await fetch(`${url}/v1/stream`, {
    headers: { authorization: `Bearer ${device.deviceToken}` },
    signal: controller.signal,
  });
  const replies: ReplyState[] = [];
  let connected = false;
  const parser = createSseParser({
    onMessage: (message) => {
      if (message.event === 'reply') replies.push(JSON.parse(message.data) as ReplyState);
    },
    onComment: (comment) => {
      if (comment === 'connected') connected = true;
    },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        parser.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // Aborted after the test.
    }
  })();
  await waitUntil(() => connected, 'the stream to open');
  return replies;
}

describe("a delivered reply's sealed outcome", () => {
  it('reaches every device of the account: the stream of one that did not reply, and the POST answer', async () => {
    const relay = await liveRelay();
    const { code } = (await relay.post('/v1/pairing-codes', {}, relay.daemon.deviceToken)).body;
    const tablet = (await relay.post('/v1/pairing-codes/redeem', { code, kind: 'app', name: 'Tablet' }))
      .body as unknown as DeviceCredentials;
    const link = await relay.linkDaemon();
    const tabletSees = await replyFrames(relay.url, tablet);
    const event = {
      eventId: 'evt-perm',
      source: 'claude-code',
      occurredAt: new Date().toISOString(),
      sealed: 'e1.abcdefghijkl.iv.request',
    };
    expect((await relay.post('/v1/daemon/events', event, relay.daemon.deviceToken)).status).toBe(201);
    await relay.post('/v1/events/evt-perm/status', { status: 'answered' }, relay.phone.deviceToken);
    const reply = { replyId: 'r-allow', sealed: 'e1.abcdefghijkl.iv.decision' };
    const posted = await relay.post('/v1/events/evt-perm/replies', reply, relay.phone.deviceToken);
    expect(posted).toMatchObject({ status: 201, body: { status: 'queued', outcome: null } });

    await waitUntil(() => link.received.some((message) => message.type === 'reply'), 'the reply on the link');
    link.socket.send(
      JSON.stringify({
        type: 'reply-result',
        replyId: 'r-allow',
        status: 'delivered',
        outcome: 'e1.outcome',
      }),
    );
    await waitUntil(
      () => tabletSees.some((frame) => frame.status === 'delivered'),
      "the tablet's delivered frame",
    );
    expect(tabletSees.find((frame) => frame.status === 'delivered')).toEqual({
      replyId: 'r-allow',
      eventId: 'evt-perm',
      status: 'delivered',
      failure: null,
      error: null,
      outcome: 'e1.outcome',
    });
    // The replier asking again (after a reload) reads it too.
    expect(await relay.post('/v1/events/evt-perm/replies', reply, relay.phone.deviceToken)).toMatchObject({
      status: 200,
      body: { status: 'delivered', outcome: 'e1.outcome' },
    });
  });
});
