import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeNetRequest } from '../main/fake-net-request';
import { type NetClientRequest, type NetRequest, netRequestFetch } from './net-request-fetch';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A server on 127.0.0.1 that redirects /away, echoes /echo, holds /hold open and answers /odd with 999. */
async function server() {
  const seen: { url: string; method: string; authorization?: string; body: string }[] = [];
  let holdClosed = () => {};
  const closed = new Promise<void>((resolve) => {
    holdClosed = resolve;
  });
  const http = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      seen.push({
        url: req.url ?? '',
        method: req.method ?? '',
        authorization: req.headers.authorization,
        body,
      });
      if (req.url === '/odd') res.writeHead(999, 'Odd').end('no fetch can hold this');
      else if (req.url === '/away') res.writeHead(307, { location: '/echo', 'x-hop': '1' }).end('moved');
      else if (req.url === '/hold') {
        res.writeHead(200).write('first');
        res.on('close', () => holdClosed());
      } else res.writeHead(201, 'Made', { 'x-echo': 'yes' }).end(`${req.method} ${body}`);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  );
  const address = http.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { base, seen, closed };
}

function init(over: Partial<Parameters<ReturnType<typeof netRequestFetch>>[1]> = {}) {
  return {
    method: 'GET',
    headers: new Headers(),
    body: undefined,
    signal: new AbortController().signal,
    ...over,
  };
}

describe('netRequestFetch (fetch over Electron net.request)', () => {
  it('sends method, headers and body, and answers with status, headers and the streamed body', async () => {
    const s = await server();
    const urls: string[] = [];
    const doFetch = netRequestFetch(fakeNetRequest(urls));
    const response = await doFetch(
      `${s.base}/echo`,
      init({ method: 'POST', headers: new Headers({ authorization: 'Bearer k' }), body: 'hello' }),
    );
    expect(response.status).toBe(201);
    expect(response.statusText).toBe('Made');
    expect(response.headers.get('x-echo')).toBe('yes');
    expect(await response.text()).toBe('POST hello');
    expect(s.seen[0]).toMatchObject({ method: 'POST', authorization: 'Bearer k' });
    expect(urls).toEqual([`${s.base}/echo`]);
  });

  it('answers a redirect with the 3xx itself and its absolute location, never following it', async () => {
    const s = await server();
    const response = await netRequestFetch(fakeNetRequest())(`${s.base}/away`, init());
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${s.base}/echo`);
    expect(response.headers.get('x-hop')).toBe('1');
    expect(s.seen.map((seen) => seen.url)).toEqual(['/away']);
  });

  it('aborting stops the answer at its source; a refused connection is a failed fetch', async () => {
    const s = await server();
    const controller = new AbortController();
    const response = await netRequestFetch(fakeNetRequest())(
      `${s.base}/hold`,
      init({ signal: controller.signal }),
    );
    const reader = response.body?.getReader();
    expect(Buffer.from((await reader?.read())?.value ?? []).toString()).toBe('first');
    controller.abort();
    await s.closed;

    const gone = s.base;
    await cleanups.pop()?.();
    await expect(netRequestFetch(fakeNetRequest())(`${gone}/echo`, init())).rejects.toThrow(TypeError);
    await expect(
      netRequestFetch(fakeNetRequest())(`${gone}/echo`, init({ signal: AbortSignal.abort() })),
    ).rejects.toThrow(/abort/i);
  });

  it('fails, as a fetch does, on a status no Response can carry, and ends that request', async () => {
    const s = await server();
    let aborted = false;
    const request: NetRequest = (options) => {
      const req = fakeNetRequest()(options);
      const abort = req.abort.bind(req);
      req.abort = () => {
        aborted = true;
        abort();
      };
      return req;
    };
    const failure = await netRequestFetch(request)(`${s.base}/odd`, init()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(aborted).toBe(true);
  });

  it('keeps the answer when its status text is one a Response refuses, leaving the text out', async () => {
    let aborted = false;
    const message = Object.assign(Readable.from([Buffer.from('body')]), {
      statusCode: 200,
      statusMessage: 'OK \u2028',
      headers: { 'x-one': 'yes' },
    });
    const request = new EventEmitter() as EventEmitter & Record<string, unknown>;
    Object.assign(request, {
      setHeader: () => undefined,
      write: () => true,
      end: () => queueMicrotask(() => request.emit('response', message)),
      abort: () => {
        aborted = true;
      },
    });
    const response = await netRequestFetch(() => request as unknown as NetClientRequest)(
      'https://models.example/v1',
      init(),
    );
    expect(response.status).toBe(200);
    expect(response.statusText).toBe('');
    expect(response.headers.get('x-one')).toBe('yes');
    expect(await response.text()).toBe('body');
    expect(aborted).toBe(false);
  });
});
