import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a no-CORS endpoint received, as it arrived. */
export interface SeenRequest {
  method: string;
  path: string;
  /** The Origin header: a page's cross-origin request carries one, main's does not. */
  origin: string | undefined;
}

export interface NoCorsServer {
  /** The address to configure, ending in /v1. */
  url: string;
  origin: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

function seen(message: IncomingMessage): SeenRequest {
  return {
    method: message.method ?? 'GET',
    path: message.url ?? '/',
    origin: typeof message.headers.origin === 'string' ? message.headers.origin : undefined,
  };
}

/** A preflight refused as a server that knows nothing of CORS refuses it: no access-control headers. */
function refusePreflight(reply: ServerResponse): void {
  reply.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, POST' });
  reply.end('method not allowed');
}

async function listen(
  handler: (message: IncomingMessage, reply: ServerResponse) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

/**
 * An OpenAI-compatible model server that sends no CORS headers at all: every request is passed to
 * `target` (a fake model) and its answer streamed back as it comes, with every `access-control-*`
 * header taken out; OPTIONS preflights are refused. A page on another origin cannot read it.
 */
export async function startNoCorsModel(target: string): Promise<NoCorsServer> {
  const upstream = new URL(target);
  const requests: SeenRequest[] = [];
  const { server, origin } = await listen((message, reply) => {
    requests.push(seen(message));
    if (message.method === 'OPTIONS') {
      refusePreflight(reply);
      return;
    }
    const headers = { ...message.headers, host: upstream.host };
    delete headers.origin;
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: message.method, path: message.url, headers },
      (answer) => {
        const kept = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => !name.startsWith('access-control-')),
        );
        reply.writeHead(answer.statusCode ?? 502, kept);
        // Piped chunk by chunk: a streamed answer stays streamed.
        answer.pipe(reply);
      },
    );
    forward.on('error', (error) => {
      reply.writeHead(502, { 'content-type': 'text/plain' });
      reply.end(String(error));
    });
    message.pipe(forward);
  });
  return { url: `${origin}/v1`, origin, requests, close: closer(server) };
}

/**
 * An OpenAI-compatible `/audio/speech` server that refuses other origins outright: a request
 * carrying an Origin header gets 403, a preflight 405, and no answer has CORS headers. Anything
 * else gets `wav`.
 */
export async function startNoCorsVoice(wav: Buffer): Promise<NoCorsServer & { bodies: unknown[] }> {
  const requests: SeenRequest[] = [];
  const bodies: unknown[] = [];
  const { server, origin } = await listen((message, reply) => {
    const request = seen(message);
    requests.push(request);
    if (message.method === 'OPTIONS') {
      refusePreflight(reply);
      return;
    }
    if (request.origin !== undefined) {
      reply.writeHead(403, { 'content-type': 'text/plain' });
      reply.end('cross-origin requests are not served here');
      return;
    }
    if (message.method !== 'POST' || request.path !== '/v1/audio/speech') {
      reply.writeHead(404, { 'content-type': 'text/plain' });
      reply.end('not found');
      return;
    }
    const parts: Buffer[] = [];
    message.on('data', (part: Buffer) => parts.push(part));
    message.on('end', () => {
      try {
        bodies.push(JSON.parse(Buffer.concat(parts).toString('utf8')));
      } catch {
        bodies.push(null);
      }
      reply.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length });
      reply.end(wav);
    });
  });
  return { url: `${origin}/v1`, origin, requests, bodies, close: closer(server) };
}

/** A plain web page on an origin of its own (no bridge, no policy), for what a browser tab can reach. */
export async function startPlainPage(): Promise<{ url: string; close(): Promise<void> }> {
  const { server, origin } = await listen((_message, reply) => {
    reply.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    reply.end(
      '<!doctype html><html><head><title>A web page</title></head><body><p>A web page</p></body></html>',
    );
  });
  return { url: `${origin}/`, close: closer(server) };
}
