import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createMemoryLogger } from '../log/logger';
import { RelayLink } from './relay-link';

const cleanups: (() => void | Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A stand-in relay: records what the daemon sends over its link and lets the test talk back. */
async function relayStandIn() {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const received: unknown[] = [];
  const connected = new Promise<import('ws').WebSocket>((resolve) =>
    server.once('connection', (socket) => {
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      resolve(socket);
    }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, connected };
}

describe('RelayLink', () => {
  it('logs a failing write while handling a relay message and keeps serving the link', async () => {
    const relay = await relayStandIn();
    const logger = createMemoryLogger();
    const diskError = () => Promise.reject(new Error('EIO: i/o error, write'));
    const link = new RelayLink({
      target: async () => ({ serverUrl: relay.url, deviceToken: 'dev_test' }),
      replies: { receive: diskError, pending: diskError, acknowledge: diskError },
      onSettings: async (message) => ({
        type: 'settings-result',
        requestId: message.requestId,
        sealed: 'e1.x',
      }),
      logger,
    });
    cleanups.push(() => link.stop());
    link.start();
    const socket = await relay.connected;
    socket.send(JSON.stringify({ type: 'reply-ack', replyId: 'r1' }));
    socket.send(JSON.stringify({ type: 'reply', replyId: 'r2', eventId: 'e', sealed: 'e1.x' }));
    socket.send(JSON.stringify({ type: 'settings', requestId: 'q1', sealed: 'e1.y' }));

    await expect
      .poll(() => relay.received)
      .toEqual([{ type: 'settings-result', requestId: 'q1', sealed: 'e1.x' }]);
    await expect
      .poll(() => logger.lines.filter((line) => line.startsWith('error') && line.includes('EIO')).length)
      .toBe(3);
    expect(link.connected).toBe(true);
  });

  it("hands devices' requests, acks and cancels to the computer, and cancels them all when the link closes", async () => {
    const relay = await relayStandIn();
    const calls: string[] = [];
    const link = new RelayLink({
      target: async () => ({ serverUrl: relay.url, deviceToken: 'dev_test' }),
      replies: { receive: async () => null, pending: async () => [], acknowledge: async () => undefined },
      onSettings: async (message) => ({ type: 'settings-result', requestId: message.requestId }),
      computer: {
        async start(message, send) {
          calls.push(`start ${message.requestId}`);
          send({ type: 'computer-frame', requestId: message.requestId, seq: 0, sealed: 'e1.f', last: true });
        },
        cancel: (requestId) => void calls.push(`cancel ${requestId}`),
        ack: (requestId, seq) => void calls.push(`ack ${requestId} ${seq}`),
        cancelAll: () => void calls.push('cancel all'),
      },
      logger: createMemoryLogger(),
    });
    cleanups.push(() => link.stop());
    link.start();
    const socket = await relay.connected;
    socket.send(JSON.stringify({ type: 'computer-request', requestId: 'c1', sealed: 'e1.r' }));
    await expect
      .poll(() => relay.received)
      .toEqual([{ type: 'computer-frame', requestId: 'c1', seq: 0, sealed: 'e1.f', last: true }]);
    socket.send(JSON.stringify({ type: 'computer-ack', requestId: 'c1', seq: 0 }));
    socket.send(JSON.stringify({ type: 'computer-cancel', requestId: 'c1' }));
    await expect.poll(() => calls).toEqual(['start c1', 'ack c1 0', 'cancel c1']);
    socket.terminate();
    await expect.poll(() => calls.at(-1)).toBe('cancel all');
  });

  it('names the login its open link was made with, and none once the link is closed', async () => {
    const relay = await relayStandIn();
    const link = new RelayLink({
      target: async () => ({ serverUrl: relay.url, deviceToken: 'dev_linked' }),
      replies: { receive: async () => null, pending: async () => [], acknowledge: async () => undefined },
      onSettings: async (message) => ({ type: 'settings-result', requestId: message.requestId }),
      logger: createMemoryLogger(),
    });
    cleanups.push(() => link.stop());
    expect(link.linkedTarget).toBeNull();
    link.start();
    const socket = await relay.connected;
    await expect.poll(() => link.linkedTarget).toEqual({ serverUrl: relay.url, deviceToken: 'dev_linked' });
    socket.terminate();
    await expect.poll(() => link.linkedTarget).toBeNull();
  });

  it('logs a relay address it cannot even try, instead of failing the process', async () => {
    const logger = createMemoryLogger();
    const link = new RelayLink({
      target: async () => ({ serverUrl: 'not a url', deviceToken: 'dev_test' }),
      replies: { receive: async () => null, pending: async () => [], acknowledge: async () => undefined },
      onSettings: async (message) => ({ type: 'settings-result', requestId: message.requestId }),
      logger,
    });
    cleanups.push(() => link.stop());
    link.start();
    await expect
      .poll(() => logger.lines.some((line) => line.startsWith('error could not connect to the relay')))
      .toBe(true);
  });
});
