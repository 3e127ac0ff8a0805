import { connect, type Socket } from 'node:net';
import { createSseParser, type SseMessage } from '@ringback/protocol';

export interface RawSseClient {
  /** The response's status code (read from the first bytes, before the client stopped reading). */
  status: number;
  /** Starts reading again (once; later calls do nothing). */
  resume(): void;
  /** Reads again and resolves once the relay has ended or dropped the connection. */
  readUntilClosed(timeoutMs: number): Promise<void>;
  /** Whether the connection has ended (the relay closed it). */
  ended(): boolean;
  /** The complete SSE messages in the bytes read so far (a cut-off last one is left out). */
  messages(): SseMessage[];
  destroy(): void;
}

/**
 * Opens `GET /v1/stream` over a bare TCP socket and then stops reading, as a phone whose app froze
 * or an attacker would: the relay sees its send window close and its buffers fill.
 */
export async function openNonReadingStream(
  relayUrl: string,
  token: string,
  lastEventId?: number,
): Promise<RawSseClient> {
  const { hostname, port } = new URL(relayUrl);
  // Paused, Node pulls no more than its readable buffer (16 KB) from the kernel.
  const socket: Socket = connect({ host: hostname, port: Number(port) });
  const decoder = chunkedSseDecoder();
  let ended = false;
  const closed = new Promise<void>((resolve) => {
    socket.once('close', () => {
      ended = true;
      resolve();
    });
  });
  socket.on('error', () => {
    // A reset by the relay ends the connection like a close; what arrived before it counts.
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.write(
    [
      'GET /v1/stream HTTP/1.1',
      `Host: ${hostname}:${port}`,
      `Authorization: Bearer ${token}`,
      'Accept: text/event-stream',
      ...(lastEventId === undefined ? [] : [`Last-Event-ID: ${lastEventId}`]),
      '',
      '',
    ].join('\r\n'),
  );
  // Read just the first chunk (the status line), then stop reading for good.
  const first = await new Promise<Buffer>((resolve, reject) => {
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk);
    });
    socket.once('close', () => reject(new Error('the relay closed the stream before answering')));
  });
  decoder.push(first);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(first.toString('latin1'))?.[1] ?? 0);

  let reading = false;
  const resume = () => {
    if (reading) return;
    reading = true;
    socket.on('data', (chunk: Buffer) => decoder.push(chunk));
    socket.resume();
  };
  return {
    status,
    ended: () => ended,
    resume,
    async readUntilClosed(timeoutMs) {
      resume();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the relay never closed the stream')), timeoutMs);
      });
      try {
        await Promise.race([closed, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
    messages: () => decoder.messages,
    destroy: () => socket.destroy(),
  };
}

/**
 * Decodes an HTTP/1.1 chunked SSE response as bytes arrive: only whole chunks reach the SSE
 * parser, and only whole frames come out of it, so a cut-off tail is never counted.
 */
function chunkedSseDecoder(): { push(bytes: Buffer): void; messages: SseMessage[] } {
  const messages: SseMessage[] = [];
  const parser = createSseParser({ onMessage: (message) => messages.push(message) });
  const decoder = new TextDecoder();
  let pending = Buffer.alloc(0);
  let inBody = false;
  let done = false;
  return {
    messages,
    push(bytes) {
      pending = Buffer.concat([pending, bytes]);
      if (!inBody) {
        const headerEnd = pending.indexOf('\r\n\r\n');
        if (headerEnd < 0) return;
        const head = pending.subarray(0, headerEnd).toString('latin1');
        if (!/transfer-encoding: chunked/i.test(head)) throw new Error(`not a chunked response:\n${head}`);
        pending = pending.subarray(headerEnd + 4);
        inBody = true;
      }
      while (!done) {
        const lineEnd = pending.indexOf('\r\n');
        if (lineEnd < 0) return;
        const size = Number.parseInt(pending.subarray(0, lineEnd).toString('latin1'), 16);
        if (size === 0) done = true;
        if (!Number.isFinite(size) || size === 0) return;
        const start = lineEnd + 2;
        if (start + size + 2 > pending.length) return;
        parser.push(decoder.decode(pending.subarray(start, start + size), { stream: true }));
        pending = pending.subarray(start + size + 2);
      }
    },
  };
}
