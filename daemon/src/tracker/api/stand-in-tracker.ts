import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';

/** What the stand-in saw of one request. */
export interface SeenRequest {
  method: string;
  /** Path and query as sent, e.g. `/api/issues?limit=50`. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/**
 * A scripted answer; `hang` never answers, `drop` closes the socket without an answer, `endless`
 * answers 200 with a JSON array that never ends (chunked, no length), until the client hangs up.
 */
export type StandInAnswer =
  | { status: number; json?: unknown; text?: string; contentType?: string }
  | 'hang'
  | 'drop'
  | 'endless';

export interface StandInTracker {
  /** Base URL to give the client (includes the prefix, if any). */
  url: string;
  requests: SeenRequest[];
  /** Answers for `METHOD /path` in turn; the last one repeats. */
  answer(method: string, path: string, ...answers: StandInAnswer[]): void;
  close(): Promise<void>;
}

/**
 * A scriptable HTTP server on 127.0.0.1 standing in for Multica in this folder's tests: it records
 * every request byte for byte and answers exactly what the test scripts (status, content type,
 * body), including hangs and dropped connections. Unscripted paths get chi's `404 page not found`.
 */
export async function startStandInTracker(prefix = ''): Promise<StandInTracker> {
  const app = Fastify({ forceCloseConnections: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const requests: SeenRequest[] = [];
  const scripts = new Map<string, StandInAnswer[]>();

  app.all('/*', async (request, reply) => {
    requests.push({
      method: request.method,
      url: request.url.slice(prefix.length),
      headers: request.headers,
      body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
    });
    const pathname = request.url.split('?')[0]?.slice(prefix.length) ?? '';
    const queue = scripts.get(`${request.method} ${pathname}`);
    const answer = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    if (answer === undefined) {
      return reply.code(404).type('text/plain; charset=utf-8').send('404 page not found\n');
    }
    if (answer === 'hang') return new Promise<never>(() => {});
    if (answer === 'drop') {
      request.raw.socket.destroy();
      return reply.hijack();
    }
    if (answer === 'endless')
      return reply.code(200).type('application/json').send(Readable.from(endlessArray()));
    if (answer.json !== undefined) {
      return reply
        .code(answer.status)
        .type(answer.contentType ?? 'application/json')
        .send(`${JSON.stringify(answer.json)}\n`);
    }
    return reply
      .code(answer.status)
      .type(answer.contentType ?? 'text/plain; charset=utf-8')
      .send(answer.text ?? '');
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    requests,
    answer: (method, path, ...answers) => scripts.set(`${method} ${path}`, answers),
    close: () => app.close(),
  };
}

/** `[{...},{...},…` in 64 KiB pieces, for as long as someone reads. */
async function* endlessArray(): AsyncGenerator<Buffer> {
  const item = JSON.stringify({ id: 't', padding: 'x'.repeat(1000) });
  const piece = Buffer.from(`${item},`.repeat(64));
  yield Buffer.from('[');
  for (;;) yield piece;
}

/** A base URL nothing listens on: every request to it is refused. */
export async function refusedUrl(): Promise<string> {
  const app = Fastify();
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as AddressInfo).port;
  await app.close();
  return `http://127.0.0.1:${port}`;
}

/** A `sleep` that returns at once and records what it was asked to wait. */
export function recordingSleep(): { sleep: (ms: number) => Promise<void>; delays: number[] } {
  const delays: number[] = [];
  return {
    delays,
    sleep: async (ms) => {
      delays.push(ms);
    },
  };
}
