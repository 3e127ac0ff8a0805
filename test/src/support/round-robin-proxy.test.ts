import { Agent, createServer, get, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { startRoundRobinProxy } from './round-robin-proxy';
import { waitFor } from './temp-data-dir';

interface Upstream {
  name: string;
  url: string;
  /** Sends an SSE frame to every open `/stream` response. */
  push(data: string): void;
  /** Drops every connection at once and stops listening, as a SIGKILLed process does. */
  kill(): Promise<void>;
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A plain HTTP server that names itself: `/who`, an SSE `/stream`, and a WebSocket echo. */
async function startUpstream(name: string): Promise<Upstream> {
  const streams = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(`data: ${name} open\n\n`);
      streams.add(response);
      response.once('close', () => streams.delete(response));
      return;
    }
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => response.end(body ? `${name} got ${body}` : name));
  });
  const sockets = new WebSocketServer({ server });
  sockets.on('connection', (socket) => socket.on('message', (data) => socket.send(`${name}: ${data}`)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  let stopped = false;
  const kill = async () => {
    if (stopped) return;
    stopped = true;
    for (const socket of sockets.clients) socket.terminate();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  cleanups.push(kill);
  return {
    name,
    url: `http://127.0.0.1:${port}`,
    push: (data) => {
      for (const response of streams) response.write(`data: ${data}\n\n`);
    },
    kill,
  };
}

/** GETs `path` on a connection of its own, as a new client would. */
function getOnNewConnection(url: string, path = '/who', agent: Agent | false = false): Promise<string> {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { agent }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      response.on('end', () => resolve(body));
    }).on('error', reject);
  });
}

async function proxyOver(names: string[]) {
  const upstreams = await Promise.all(names.map(startUpstream));
  const proxy = await startRoundRobinProxy(upstreams.map((upstream) => upstream.url));
  cleanups.push(() => proxy.close());
  return { upstreams, proxy };
}

/** Reads an SSE response through fetch, keeping what arrived and whether it ended. */
async function readStream(url: string) {
  const controller = new AbortController();
  const response = await fetch(`${url}/stream`, { signal: controller.signal });
  const state = { status: response.status, text: '', ended: false };
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        state.text += decoder.decode(chunk.value, { stream: true });
    } catch {
      // The connection was dropped: that ends the stream too.
    }
    state.ended = true;
  })();
  cleanups.push(() => controller.abort());
  return state;
}

async function openSocket(url: string): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/link`);
  cleanups.push(() => socket.terminate());
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

function echo(socket: WebSocket, text: string): Promise<string> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(String(data)));
    socket.send(text);
  });
}

describe('the round-robin proxy', () => {
  it('gives each new connection the next upstream, and keeps a connection on its upstream', async () => {
    const { proxy } = await proxyOver(['a', 'b', 'c']);
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await getOnNewConnection(proxy.url));
    expect(answers).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);

    const kept = new Agent({ keepAlive: true, maxSockets: 1 });
    cleanups.push(() => kept.destroy());
    const onOne = [];
    for (let i = 0; i < 4; i++) onOne.push(await getOnNewConnection(proxy.url, '/who', kept));
    // The seventh connection, so a's turn again, for all four requests.
    expect(onOne).toEqual(['a', 'a', 'a', 'a']);
    expect(proxy.connectionsPerUpstream()).toEqual([3, 2, 2]);

    const posted = await fetch(`${proxy.url}/echo`, { method: 'POST', body: 'a body' });
    expect(await posted.text()).toMatch(/^[abc] got a body$/);
  });

  it('streams a response through as it is written, not when it ends', async () => {
    const { upstreams, proxy } = await proxyOver(['a']);
    const stream = await readStream(proxy.url);
    expect(stream.status).toBe(200);
    await waitFor(() => stream.text.includes('a open'), 5_000, 'the first frame');
    upstreams[0]?.push('second');
    await waitFor(() => stream.text.includes('data: second'), 5_000, 'the second frame');
    expect(stream.ended).toBe(false);
  });

  it('passes WebSocket upgrades through, in turn like any connection', async () => {
    const { proxy } = await proxyOver(['a', 'b']);
    const first = await openSocket(proxy.url);
    const second = await openSocket(proxy.url);
    expect(await echo(first, 'hello')).toBe('a: hello');
    expect(await echo(second, 'hello')).toBe('b: hello');
    expect(await echo(first, 'again')).toBe('a: again');
  });

  it('skips an upstream that refuses, and serves from one put in its place', async () => {
    const { upstreams, proxy } = await proxyOver(['a', 'b', 'c']);
    await upstreams[1]?.kill();
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) answers.push(await getOnNewConnection(proxy.url));
    expect(answers).not.toContain('b');
    expect(answers).toHaveLength(6);
    expect(new Set(answers)).toEqual(new Set(['a', 'c']));
    const socket = await openSocket(proxy.url);
    expect(await echo(socket, 'hi')).toMatch(/^[ac]: hi$/);

    const replacement = await startUpstream('b2');
    proxy.setUpstream(1, replacement.url);
    const after: string[] = [];
    for (let i = 0; i < 3; i++) after.push(await getOnNewConnection(proxy.url));
    expect(after).toContain('b2');

    await Promise.all(upstreams.map((upstream) => upstream.kill()));
    await replacement.kill();
    const none = await fetch(`${proxy.url}/who`);
    expect(none.status).toBe(502);
  });

  it("closes a client's connection when its upstream dies, streams and sockets alike", async () => {
    const { upstreams, proxy } = await proxyOver(['a', 'b']);
    const onA = await readStream(proxy.url);
    const onB = await readStream(proxy.url);
    await waitFor(() => onA.text.includes('a open') && onB.text.includes('b open'), 5_000, 'both streams');
    const socketOnA = await openSocket(proxy.url);
    expect(await echo(socketOnA, 'x')).toBe('a: x');
    const socketClosed = new Promise<void>((resolve) => socketOnA.once('close', () => resolve()));

    await upstreams[0]?.kill();
    await waitFor(() => onA.ended, 5_000, 'the stream on the killed upstream to end');
    await socketClosed;
    upstreams[1]?.push('still here');
    await waitFor(() => onB.text.includes('still here'), 5_000, 'the other stream');
    expect(onB.ended).toBe(false);
  });
});
