import { createServer, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SseWriter } from './sse-writer';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
});

/** A real response, and a client socket that sends the request and then never reads. */
async function stuckResponse(): Promise<{ response: ServerResponse; client: Socket }> {
  let handed: (response: ServerResponse) => void = () => {};
  const handedOver = new Promise<ServerResponse>((resolve) => {
    handed = resolve;
  });
  const server: Server = createServer((_request, response) => handed(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => {
    server.closeAllConnections();
    server.close();
  });
  const client = connect({ port: (server.address() as AddressInfo).port, host: '127.0.0.1' });
  client.on('error', () => {});
  client.pause();
  client.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n');
  cleanups.push(() => client.destroy());
  return { response: await handedOver, client };
}

/** More than the socket buffers of both ends take, so the rest waits in the writer. */
function fillPastKernelBuffers(writer: SseWriter): void {
  const frame = `data: ${'y'.repeat(64 * 1024)}\n\n`;
  for (let i = 0; i < 160; i++) writer.write(frame);
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('SseWriter', () => {
  it('closes a stream whose client lets the bound pile up, and never writes to it again', async () => {
    const { response } = await stuckResponse();
    const closes: string[] = [];
    const errors: Error[] = [];
    response.on('error', (error) => errors.push(error));
    const writer = new SseWriter(response, {
      maxBufferedBytes: 256 * 1024,
      heartbeatMs: 20,
      closeGraceMs: 50,
      onClose: (reason) => closes.push(reason),
    });
    writer.start();
    const frame = `data: ${'x'.repeat(4000)}\n\n`;
    let accepted = 0;
    while (writer.write(frame)) accepted++;
    expect(accepted).toBeGreaterThan(0);
    expect(writer.open).toBe(false);
    expect(closes).toEqual(['the client reads too slowly']);

    // Later writes and heartbeats do nothing: no write after end, no 'error'.
    expect(writer.write(frame)).toBe(false);
    expect(await writer.drained()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors).toEqual([]);
    expect(closes).toHaveLength(1);
    // The client never read what was left: after the grace its socket is gone.
    await until(() => response.destroyed);
  });

  it('lets a replay wait for the client to read instead of piling up, and wakes it when the client goes', async () => {
    const { response, client } = await stuckResponse();
    const writer = new SseWriter(response, {
      maxBufferedBytes: 64 * 1024 * 1024,
      heartbeatMs: 1000,
      onClose: () => {},
    });
    writer.start();
    fillPastKernelBuffers(writer);
    expect(writer.backedUp).toBe(true);
    const waiting = writer.drained();
    client.destroy();
    expect(await waiting).toBe(false);
    expect(writer.open).toBe(false);
  });

  it('closes a stream whose client has read nothing for the stall time', async () => {
    const { response } = await stuckResponse();
    const closes: string[] = [];
    const writer = new SseWriter(response, {
      maxBufferedBytes: 64 * 1024 * 1024,
      heartbeatMs: 20,
      stallMs: 60,
      onClose: (reason) => closes.push(reason),
    });
    writer.start();
    fillPastKernelBuffers(writer);
    await until(() => !writer.open);
    expect(closes).toEqual(['the client stopped reading']);
  });
});
