import {
  createServer,
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RoundRobinProxy {
  url: string;
  /** The upstreams in turn order. */
  upstreams(): readonly string[];
  /** Points slot `index` at another URL (an instance restarted on a new port). */
  setUpstream(index: number, url: string): void;
  /** How many client connections each slot has served (a refused turn counts for the next). */
  connectionsPerUpstream(): readonly number[];
  close(): Promise<void>;
}

/** Hop-by-hop headers: they describe one connection, never the one on the other side. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function connectTo(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/**
 * A load balancer for tests, in front of several relay instances: each new client connection
 * is given the next upstream in turn and keeps it; an upstream that refuses is skipped for the
 * next one; and a client whose upstream dies mid-response loses its connection, as behind a
 * real balancer, so an SSE client notices a SIGKILLed instance and reconnects.
 */
export async function startRoundRobinProxy(upstreamUrls: readonly string[]): Promise<RoundRobinProxy> {
  const upstreams = [...upstreamUrls];
  const given = upstreams.map(() => 0);
  let turn = 0;
  /** The slot each client connection was given, on its first request. */
  const slotOf = new WeakMap<Duplex, number>();
  const open = new Set<Duplex>();

  const track = (socket: Duplex) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };

  /** Connects for `client`, from its slot onwards; null when every upstream refused. */
  async function upstreamFor(client: Duplex): Promise<Socket | null> {
    const assigned = slotOf.get(client);
    const first = assigned ?? turn++ % upstreams.length;
    for (let tried = 0; tried < upstreams.length; tried++) {
      const index = (first + tried) % upstreams.length;
      try {
        const socket = await connectTo(upstreams[index] ?? '');
        if (assigned === undefined) given[index] = (given[index] ?? 0) + 1;
        slotOf.set(client, index);
        track(socket);
        // Its death is handled through 'close'; an error after its request is done must not throw.
        socket.on('error', () => {});
        return socket;
      } catch {
        // Refused (an instance down or restarting): the next one in turn.
      }
    }
    return null;
  }

  async function forward(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    const client = incoming.socket;
    const socket = await upstreamFor(client);
    if (!socket) {
      outgoing.writeHead(502, { connection: 'close' }).end();
      return;
    }
    if (client.destroyed) {
      socket.destroy();
      return;
    }
    const upstream = httpRequest(
      {
        method: incoming.method,
        path: incoming.url,
        // One upstream connection per request: it closes with the response, never pooled.
        headers: { ...withoutHopByHop(incoming.headers), connection: 'close' },
        createConnection: () => socket,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        // Headers now, not with the first body bytes: an SSE client waits on them.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        answer.once('close', () => {
          if (!answer.complete) client.destroy();
        });
      },
    );
    upstream.on('error', () => {
      if (outgoing.writableFinished) return;
      if (outgoing.headersSent) client.destroy();
      else outgoing.writeHead(502, { connection: 'close' }).end();
    });
    // The client went away (an SSE reader that stopped): so does its upstream request.
    outgoing.once('close', () => socket.destroy());
    incoming.pipe(upstream);
  }

  /** A WebSocket upgrade: the request forwarded as it came, then bytes both ways. */
  async function tunnel(incoming: IncomingMessage, client: Duplex, head: Buffer): Promise<void> {
    track(client);
    const socket = await upstreamFor(client);
    if (!socket) {
      client.end('HTTP/1.1 502 Bad Gateway\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    if (client.destroyed) {
      socket.destroy();
      return;
    }
    const lines = [`${incoming.method} ${incoming.url} HTTP/${incoming.httpVersion}`];
    for (let i = 0; i < incoming.rawHeaders.length; i += 2)
      lines.push(`${incoming.rawHeaders[i]}: ${incoming.rawHeaders[i + 1]}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    if (head.length > 0) socket.write(head);
    socket.pipe(client);
    client.pipe(socket);
    socket.once('close', () => client.destroy());
    client.once('close', () => socket.destroy());
    socket.on('error', () => client.destroy());
    client.on('error', () => socket.destroy());
  }

  const server = createServer((incoming, outgoing) => {
    void forward(incoming, outgoing);
  });
  server.on('connection', track);
  server.on('upgrade', (incoming: IncomingMessage, client: Duplex, head: Buffer) => {
    void tunnel(incoming, client, head);
  });
  server.on('clientError', (_error, client) => client.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    upstreams: () => upstreams,
    setUpstream(index, url) {
      if (index < 0 || index >= upstreams.length) throw new RangeError(`no upstream slot ${index}`);
      upstreams[index] = url;
    },
    connectionsPerUpstream: () => given,
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
