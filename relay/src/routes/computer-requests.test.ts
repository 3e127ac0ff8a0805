import { COMPUTER_ANSWER_WINDOW } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { afterThisTest, waitUntil } from './cleanup-fixture';
import { ndjsonLines, statusAndError } from './computer-request-fixture';
import { liveRelay } from './live-relay-fixture';

describe('POST /v1/devices/:deviceId/requests', () => {
  it('passes the sealed request down the link and streams the frames back in order, as they come', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const answering = relay.ask('q1');
    const request = await computer.next('computer-request', 'q1');
    expect(request).toEqual({
      type: 'computer-request',
      requestId: 'q1',
      sealed: 'e1.abcdefghijkl.q1.c2VhbGVk',
    });
    computer.frame('q1', 0);
    const response = await answering;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const read = ndjsonLines(response);
    // The first frame arrives before the daemon has sent the next: nothing is held back.
    expect(await read()).toEqual({ seq: 0, sealed: 'e1.k.q1-0.eA' });
    expect(await computer.next('computer-ack', 'q1')).toEqual({
      type: 'computer-ack',
      requestId: 'q1',
      seq: 0,
    });
    computer.frame('q1', 1);
    computer.frame('q1', 2, true);
    expect(await read()).toEqual({ seq: 1, sealed: 'e1.k.q1-1.eA' });
    expect(await read()).toEqual({ seq: 2, sealed: 'e1.k.q1-2.eA' });
    expect(await read()).toBeNull();
    // The same id may be used again once its answer ended (the daemon refuses replays itself).
    expect((await computer.answerAtOnce(relay.ask('q1'), 'q1')).status).toBe(200);
  });

  it('acknowledges each frame but the final one, after which the computer sends nothing more', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const read = await computer.startAnswer(relay.ask('q1'), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    expect(await computer.next('computer-ack', 'q1')).toMatchObject({ seq: 0 });
    computer.frame('q1', 1);
    computer.frame('q1', 2, true);
    expect(await read()).toMatchObject({ seq: 1 });
    expect(await read()).toMatchObject({ seq: 2 });
    expect(await read()).toBeNull();
    // Messages down the link keep their order: once q2's ack is in, any later one for q1 would be too.
    const next = await computer.startAnswer(relay.ask('q2'), 'q2');
    expect(await next()).toMatchObject({ seq: 0 });
    await computer.next('computer-ack', 'q2');
    const acked = computer.received.flatMap((message) =>
      message.type === 'computer-ack' && message.requestId === 'q1' ? [message.seq] : [],
    );
    expect(acked).toEqual([1]);
  });

  it('ends the answer with an error line when frames arrive out of order', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const read = await computer.startAnswer(relay.ask('q1'), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    computer.frame('q1', 2);
    expect(await read()).toMatchObject({ error: 'internal_error' });
    expect(await read()).toBeNull();
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
  });

  it('stops acknowledging frames while the device does not read, and goes on once it does', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    const big = `e1.k.${'a'.repeat(120 * 1024)}`;
    computer.frame('q1', 0, false, big);
    const response = await answering;
    const acks = () => computer.received.filter((message) => message.type === 'computer-ack');
    const lastAcked = () => Math.max(-1, ...acks().map((message) => ('seq' in message ? message.seq : -1)));
    // The computer keeps to its window: never more than 16 frames past the last acknowledged.
    let sent = 1;
    const sendWithinWindow = (upTo: number) => {
      while (sent < upTo && sent <= lastAcked() + COMPUTER_ANSWER_WINDOW) {
        computer.frame('q1', sent, sent === 60, big);
        sent += 1;
      }
    };
    // The device reads nothing: the socket's buffers fill and the relay holds back its acks.
    const pump = setInterval(() => sendWithinWindow(61), 20);
    afterThisTest(() => clearInterval(pump));
    await new Promise((resolve) => setTimeout(resolve, 800));
    const whileStalled = acks().length;
    expect(sent).toBeLessThan(61);
    expect(computer.has('computer-cancel', 'q1')).toBe(false);
    const read = ndjsonLines(response);
    let count = 0;
    const reading = (async () => {
      while (await read()) count += 1;
    })();
    // Once the device reads, the taken frames are acknowledged and the daemon may send more.
    await waitUntil(() => acks().length > whileStalled, 'an ack once the device reads', 5000);
    await reading;
    expect(count).toBe(61);
  });

  it('ends the answer of a computer that sends past its window of unacknowledged frames', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    const big = `e1.k.${'a'.repeat(120 * 1024)}`;
    computer.frame('q1', 0, false, big);
    const response = await answering;
    // It ignores acknowledgements: 60 frames at once, to a device that reads nothing yet.
    for (let seq = 1; seq < 60; seq += 1) computer.frame('q1', seq, false, big);
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
    const lastAcked = Math.max(
      ...computer.received.map((message) => (message.type === 'computer-ack' ? message.seq : -1)),
    );
    const read = ndjsonLines(response);
    const lines: Record<string, unknown>[] = [];
    for (let line = await read(); line; line = await read()) lines.push(line);
    // The relay held and wrote no frame past the window; the answer ends with its own error.
    expect(lines.at(-1)).toMatchObject({ error: 'internal_error' });
    expect(lines.length - 1).toBeLessThanOrEqual(lastAcked + 1 + COMPUTER_ANSWER_WINDOW);
  });

  it('cancels the request at the daemon when the device goes away mid-answer', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const abort = new AbortController();
    const read = await computer.startAnswer(relay.ask('q1', { signal: abort.signal }), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    abort.abort();
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
    // The account's slot is free again.
    expect((await computer.answerAtOnce(relay.ask('q2'), 'q2')).status).toBe(200);
  });

  it('cancels a request still waiting for its first frame when the device goes away', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const abort = new AbortController();
    const answering = relay.ask('q1', { signal: abort.signal }).catch(() => null);
    await computer.next('computer-request');
    abort.abort();
    await answering;
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
  });

  it("closes a removed device's answers at once and stops the computer working for it", async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const read = await computer.startAnswer(relay.ask('q1'), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    const waiting = relay.ask('q2');
    await computer.next('computer-request', 'q2');
    const removed = await fetch(`${relay.url}/v1/devices/${relay.phone.deviceId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${relay.daemon.deviceToken}` },
    });
    expect(removed.status).toBe(204);
    expect(await read()).toEqual({ error: 'unauthorized', message: 'this device was removed' });
    expect(await read()).toBeNull();
    expect(await statusAndError(await waiting)).toEqual([401, 'unauthorized']);
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
    expect(await computer.next('computer-cancel', 'q2')).toEqual({
      type: 'computer-cancel',
      requestId: 'q2',
    });
  });

  it('ends the answer with device_offline when the daemon goes offline mid-answer', async () => {
    const relay = await liveRelay();
    const computer = await relay.linkDaemon();
    const read = await computer.startAnswer(relay.ask('q1'), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    computer.socket.terminate();
    expect(await read()).toMatchObject({ error: 'device_offline' });
    expect(await read()).toBeNull();
  });

  it('answers plain errors before the first frame: offline, undecryptable, busy, timeout', async () => {
    const relay = await liveRelay({ computerRequests: { firstFrameMs: 300 } });
    expect(await statusAndError(await relay.ask('q0'))).toEqual([503, 'device_offline']);

    const computer = await relay.linkDaemon();
    const refused = relay.ask('q1');
    await computer.next('computer-request');
    computer.refuse('q1', 'undecryptable_request');
    expect(await statusAndError(await refused)).toEqual([400, 'undecryptable_request']);

    const busy = relay.ask('q2');
    await computer.next('computer-request');
    computer.refuse('q2', 'computer_busy');
    expect((await busy).status).toBe(503);

    expect(await statusAndError(await relay.ask('q3'))).toEqual([504, 'daemon_timeout']);
    expect(await computer.next('computer-cancel', 'q3')).toEqual({
      type: 'computer-cancel',
      requestId: 'q3',
    });
  });

  it('ends an answer that stalls between frames or runs past its deadline', async () => {
    const relay = await liveRelay({ computerRequests: { idleMs: 300 } });
    const computer = await relay.linkDaemon();
    const read = await computer.startAnswer(relay.ask('q1'), 'q1');
    expect(await read()).toMatchObject({ seq: 0 });
    expect(await read()).toMatchObject({ error: 'daemon_timeout' });
    expect(await computer.next('computer-cancel', 'q1')).toBeDefined();
  });

  it('holds each account to its limits: requests at once, frames and bytes per answer', async () => {
    const relay = await liveRelay({ computerRequests: { perAccount: 1, maxFrames: 3, maxBytes: 1000 } });
    const computer = await relay.linkDaemon();
    const first = relay.ask('q1');
    await computer.next('computer-request');
    expect(await statusAndError(await relay.ask('q2'))).toEqual([429, 'too_many_computer_requests']);
    for (const seq of [0, 1, 2, 3]) computer.frame('q1', seq);
    const read = ndjsonLines(await first);
    for (const seq of [0, 1, 2]) expect(await read()).toMatchObject({ seq });
    expect(await read()).toMatchObject({ error: 'answer_too_large' });
    expect(await computer.next('computer-cancel', 'q1')).toBeDefined();

    const big = relay.ask('q3');
    await computer.next('computer-request', 'q3');
    computer.frame('q3', 0, false, `e1.k.${'a'.repeat(1200)}`);
    // Too large from its first frame: a plain status, nothing streamed.
    expect(await statusAndError(await big)).toEqual([502, 'answer_too_large']);

    const huge = await relay.ask('q4', { sealed: `e1.${'a'.repeat(9 * 1024 * 1024)}` });
    expect(huge.status).toBe(413);
  });

  it('holds the whole relay to its caps on requests in flight and on request bytes', async () => {
    const relay = await liveRelay({ computerRequests: { relayInFlight: 2, relayRequestBytes: 200 } });
    const computer = await relay.linkDaemon();
    const sealed = (bytes: number) => `e1.${'a'.repeat(bytes - 3)}`;
    const first = relay.ask('q1', { sealed: sealed(100) });
    await computer.next('computer-request', 'q1');
    // 100 bytes in flight: another 120 would pass the relay's 200.
    const tooBig = await relay.ask('q2', { sealed: sealed(120) });
    expect(await statusAndError(tooBig)).toEqual([503, 'relay_busy']);
    const second = relay.ask('q3', { sealed: sealed(50) });
    await computer.next('computer-request', 'q3');
    // Two in flight, the relay's cap, though the account may have four.
    expect(await statusAndError(await relay.ask('q4', { sealed: sealed(10) }))).toEqual([503, 'relay_busy']);
    // Once answers end, their room is free again.
    computer.frame('q1', 0, true);
    computer.frame('q3', 0, true);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await computer.answerAtOnce(relay.ask('q5', { sealed: sealed(120) }), 'q5')).status).toBe(200);
  });

  it('serves only app devices, and only for a daemon of their own account', async () => {
    const relay = await liveRelay();
    await relay.linkDaemon();
    const stranger = await relay.account('app', 'Stranger');
    expect(await statusAndError(await relay.ask('q1', { token: stranger.deviceToken }))).toEqual([
      404,
      'device_not_found',
    ]);
    const toPhone = await relay.ask('q2', { deviceId: relay.phone.deviceId });
    expect(toPhone.status).toBe(404);
    expect(await statusAndError(await relay.ask('q3', { token: relay.daemon.deviceToken }))).toEqual([
      403,
      'app_only',
    ]);
  });
});
