import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { EndpointChunk } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeNetRequest } from '../main/fake-net-request';
import { createEndpointProxy, type EndpointProxy } from './endpoint-proxy';
import { netRequestFetch } from './net-request-fetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}
type Route = (request: Seen, response: ServerResponse) => void;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real endpoint on 127.0.0.1; each path answers as its route says, and every request is kept. */
async function endpoint(routes: Record<string, Route>) {
  const seen: Seen[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      };
      seen.push(entry);
      const route = routes[new URL(entry.url, 'http://x').pathname];
      if (route) route(entry, response);
      else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { base: `http://127.0.0.1:${port}`, port, seen };
}

/** Every address the proxy asked Electron's net for, in the current test. */
let netUrls: string[] = [];

/** The proxy as the app makes it: over Electron's net (here its stand-in on node:http). */
function proxy(options: { maxOpen?: number; idleMs?: number } = {}): EndpointProxy {
  netUrls = [];
  const made = createEndpointProxy({ fetch: netRequestFetch(fakeNetRequest(netUrls)), ...options });
  cleanups.push(() => made.cancelAll());
  return made;
}

async function readAll(p: EndpointProxy, id: string): Promise<string> {
  let text = '';
  for (;;) {
    const chunk: EndpointChunk = await p.read(id);
    if ('ok' in chunk) throw new Error(chunk.message);
    if (chunk.done) return text;
    text += Buffer.from(chunk.chunk).toString();
  }
}

/** A promise and its resolver, for a server to wait on the test. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('createEndpointProxy: which addresses', () => {
  it('reaches only addresses under an allowed base', async () => {
    const server = await endpoint({
      '/v1/chat': (_, res) => res.end('chat'),
      '/v10/chat': (_, res) => res.end('other'),
    });
    const p = proxy();
    const get = (url: string) => p.open({ url, method: 'GET', headers: {} });

    expect(await get(`${server.base}/v1/chat`)).toMatchObject({ ok: false, reason: 'not_configured' });
    p.allow([`${server.base}/v1/`, 'not a url', 'file:///etc']);
    const allowed = await get(`${server.base}/v1/chat`);
    expect(allowed).toMatchObject({ ok: true, status: 200 });
    for (const url of [
      `${server.base}/v10/chat`,
      `${server.base}/v1/../v10/chat`,
      `${server.base}/`,
      `http://localhost:${server.port}/v1/chat`,
      `https://127.0.0.1:${server.port}/v1/chat`,
      `http://user:secret@127.0.0.1:${server.port}/v1/chat`,
      'file:///etc/passwd',
      'nonsense',
    ]) {
      expect(await get(url), url).toMatchObject({ ok: false, reason: 'not_configured' });
    }
    expect(server.seen.map((s) => s.url)).toEqual(['/v1/chat']);

    // A new list replaces the old one.
    p.allow([]);
    expect(await get(`${server.base}/v1/chat`)).toMatchObject({ ok: false, reason: 'not_configured' });
  });

  it('follows a redirect only to an allowed address, without the key when it changes origin', async () => {
    const other = await endpoint({ '/audio/1': (_, res) => res.end('audio') });
    const server = await endpoint({
      '/v1/speech': (_, res) => res.writeHead(302, { location: '/v1/speech/ready' }).end(),
      '/v1/speech/ready': (_, res) => res.end('ready'),
      '/v1/away': (_, res) => res.writeHead(307, { location: `${other.base}/audio/1` }).end(),
      '/v1/outside': (_, res) => res.writeHead(301, { location: '/admin' }).end(),
    });
    const p = proxy();
    p.allow([`${server.base}/v1`]);
    const headers = { authorization: 'Bearer sk-secret' };

    const same = await p.open({ url: `${server.base}/v1/speech`, method: 'POST', headers, body: 'x' });
    expect(same).toMatchObject({ ok: true, status: 200 });
    if (same.ok) expect(await readAll(p, same.id)).toBe('ready');
    expect(server.seen.at(-1)).toMatchObject({ method: 'GET', url: '/v1/speech/ready' });

    expect(await p.open({ url: `${server.base}/v1/outside`, method: 'GET', headers })).toMatchObject({
      ok: false,
      reason: 'not_configured',
    });
    expect(await p.open({ url: `${server.base}/v1/away`, method: 'GET', headers })).toMatchObject({
      ok: false,
      reason: 'not_configured',
    });
    expect(other.seen).toEqual([]);
    // Every hop went through Electron's net, and none to the refused addresses.
    expect(netUrls).toEqual([
      `${server.base}/v1/speech`,
      `${server.base}/v1/speech/ready`,
      `${server.base}/v1/outside`,
      `${server.base}/v1/away`,
    ]);

    p.allow([`${server.base}/v1`, `${other.base}/audio`]);
    const away = await p.open({ url: `${server.base}/v1/away`, method: 'GET', headers });
    expect(away).toMatchObject({ ok: true, status: 200 });
    expect(other.seen[0]?.headers.authorization).toBeUndefined();
  });
});

describe('createEndpointProxy: the request and its answer', () => {
  it('forwards method, headers and a text or byte body; never cookies either way', async () => {
    const server = await endpoint({
      '/v1/echo': (req, res) => {
        res.writeHead(201, 'Made', { 'set-cookie': 'session=1', 'x-request-id': 'r1' });
        res.end(req.body);
      },
    });
    const p = proxy();
    p.allow([`${server.base}/v1`]);
    const text = await p.open({
      url: `${server.base}/v1/echo`,
      method: 'POST',
      headers: { authorization: 'Bearer sk-1', 'content-type': 'application/json', cookie: 'a=1' },
      body: '{"q":1}',
    });
    expect(text).toMatchObject({
      ok: true,
      status: 201,
      statusText: 'Made',
      headers: { 'x-request-id': 'r1' },
    });
    if (!text.ok) return;
    expect(text.headers['set-cookie']).toBeUndefined();
    expect(await readAll(p, text.id)).toBe('{"q":1}');
    expect(server.seen[0]?.headers).toMatchObject({
      authorization: 'Bearer sk-1',
      'content-type': 'application/json',
    });
    expect(server.seen[0]?.headers.cookie).toBeUndefined();

    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const sent = await p.open({ url: `${server.base}/v1/echo`, method: 'PUT', headers: {}, body: bytes });
    if (!sent.ok) throw new Error(sent.message);
    await readAll(p, sent.id);
    expect([...(server.seen[1]?.body ?? [])]).toEqual([...bytes]);
    expect(server.seen[1]?.method).toBe('PUT');
  });

  it('streams: each read pulls the next chunk as the endpoint sends it, in order, then the end', async () => {
    const second = gate();
    const server = await endpoint({
      '/v1/stream': (_, res) => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: one\n\n');
        void second.opened.then(() => res.end('data: two\n\n'));
      },
    });
    const p = proxy();
    p.allow([server.base]);
    const head = await p.open({ url: `${server.base}/v1/stream`, method: 'GET', headers: {} });
    if (!head.ok) throw new Error(head.message);
    const first = await p.read(head.id);
    // The second part is not sent yet, so this chunk came before the answer ended.
    expect(first).toEqual({ done: false, chunk: expect.any(Uint8Array) });
    if (!('chunk' in first)) return;
    expect(Buffer.from(first.chunk).toString()).toBe('data: one\n\n');
    second.open();
    expect(await readAll(p, head.id)).toBe('data: two\n\n');
    expect(await p.read(head.id)).toMatchObject({ ok: false, reason: 'network' });
  });

  it('says the network failed when nothing listens', async () => {
    const p = proxy();
    const server = await endpoint({});
    const base = server.base;
    await cleanups.pop()?.();
    p.allow([base]);
    expect(await p.open({ url: `${base}/v1`, method: 'GET', headers: {} })).toMatchObject({
      ok: false,
      reason: 'network',
    });
  });
});

describe('createEndpointProxy: letting go', () => {
  /** An endpoint that sends a head and one chunk, then holds the answer open until it is closed. */
  async function holdingEndpoint() {
    const closed = gate();
    const server = await endpoint({
      '/v1/hold': (_, res) => {
        res.writeHead(200);
        res.write('first');
        res.on('close', () => closed.open());
      },
    });
    return { ...server, closed: closed.opened };
  }

  it('cancel stops the answer at its source', async () => {
    const server = await holdingEndpoint();
    const p = proxy();
    p.allow([server.base]);
    const head = await p.open({ url: `${server.base}/v1/hold`, method: 'GET', headers: {} });
    if (!head.ok) throw new Error(head.message);
    p.cancel(head.id);
    await server.closed;
    expect(await p.read(head.id)).toMatchObject({ ok: false, reason: 'network' });
  });

  it('a read waiting for the next chunk ends as cancelled, not as the answer’s end', async () => {
    const server = await holdingEndpoint();
    const p = proxy();
    p.allow([server.base]);
    const head = await p.open({ url: `${server.base}/v1/hold`, method: 'GET', headers: {} });
    if (!head.ok) throw new Error(head.message);
    expect(await p.read(head.id)).toMatchObject({ done: false });
    const waiting = p.read(head.id);
    // Let the read reach the stream and wait there for a chunk that will not come.
    await new Promise((resolve) => setImmediate(resolve));
    p.cancel(head.id);
    expect(await waiting).toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/cancelled/),
    });
    await server.closed;
  });

  it('lets go of an answer nobody reads', async () => {
    const server = await holdingEndpoint();
    const p = proxy({ idleMs: 20 });
    p.allow([server.base]);
    const head = await p.open({ url: `${server.base}/v1/hold`, method: 'GET', headers: {} });
    if (!head.ok) throw new Error(head.message);
    await server.closed;
    expect(await p.read(head.id)).toMatchObject({ ok: false, reason: 'network' });
  });

  it('times out a head that does not come, and a body that stops', async () => {
    const server = await endpoint({
      '/v1/silent': () => {},
      '/v1/stall': (_, res) => {
        res.writeHead(200);
        res.write('part');
      },
    });
    const p = proxy();
    p.allow([server.base]);
    expect(
      await p.open({ url: `${server.base}/v1/silent`, method: 'GET', headers: {}, timeoutMs: 50 }),
    ).toMatchObject({ ok: false, reason: 'timeout' });
    const head = await p.open({ url: `${server.base}/v1/stall`, method: 'GET', headers: {}, timeoutMs: 50 });
    if (!head.ok) throw new Error(head.message);
    expect(await p.read(head.id)).toMatchObject({ done: false });
    expect(await p.read(head.id)).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('keeps a bounded number of answers open', async () => {
    const server = await holdingEndpoint();
    const p = proxy({ maxOpen: 1 });
    p.allow([server.base]);
    const url = `${server.base}/v1/hold`;
    const first = await p.open({ url, method: 'GET', headers: {} });
    if (!first.ok) throw new Error(first.message);
    expect(await p.open({ url, method: 'GET', headers: {} })).toMatchObject({ ok: false, reason: 'network' });
    p.cancel(first.id);
    expect(await p.open({ url, method: 'GET', headers: {} })).toMatchObject({ ok: true });
  });

  it('cancelAll ends open answers and requests still waiting for their head', async () => {
    const server = await endpoint({
      '/v1/silent': () => {},
      '/v1/ok': (_, res) => res.end('ok'),
    });
    const p = proxy();
    p.allow([server.base]);
    const done = await p.open({ url: `${server.base}/v1/ok`, method: 'GET', headers: {} });
    if (!done.ok) throw new Error(done.message);
    const waiting = p.open({ url: `${server.base}/v1/silent`, method: 'GET', headers: {} });
    while (!server.seen.some((s) => s.url === '/v1/silent')) await new Promise((r) => setTimeout(r, 5));
    p.cancelAll();
    expect(await waiting).toMatchObject({
      ok: false,
      reason: 'network',
      message: expect.stringMatching(/cancelled/),
    });
    expect(await p.read(done.id)).toMatchObject({ ok: false, reason: 'network' });
  });
});
