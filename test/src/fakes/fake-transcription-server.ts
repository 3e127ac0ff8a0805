import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one `/audio/transcriptions` request carried, checked field by field. */
export interface RecordedTranscription {
  authorization: string | undefined;
  fileName: string;
  fileType: string;
  fileBytes: number;
  /** SHA-256 of the file: the same audio sent twice (a Retry) has the same digest. */
  fileDigest: string;
  model: string | null;
  language: string | null;
}

/** One scripted answer: the words heard, or a refusal with an OpenAI-style error body. */
export type FakeTranscriptionReply =
  | { text: string }
  | { status: number; message: string }
  /** Never answers (until the server closes): a hung endpoint. */
  | { hang: true };

export interface FakeTranscription {
  /** The base address to configure, ending in /v1. */
  url: string;
  requests: RecordedTranscription[];
  enqueue(...replies: FakeTranscriptionReply[]): void;
  setDefault(reply: FakeTranscriptionReply): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/**
 * A real HTTP server speaking OpenAI's `/audio/transcriptions` on 127.0.0.1: it parses the
 * multipart body as a server would, refuses a request without a non-empty file, a model or a
 * language (400), records each, and answers from a script (then a default). It answers other
 * origins, as OpenAI's API does, since the page calls it straight from the device.
 */
export async function startFakeTranscription(): Promise<FakeTranscription> {
  const requests: RecordedTranscription[] = [];
  const script: FakeTranscriptionReply[] = [];
  let fallback: FakeTranscriptionReply = { text: '' };
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204, {
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '*',
      });
      response.end();
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/audio/transcriptions') {
      send(response, 404, { error: { message: `no route ${request.method} ${request.url}` } });
      return;
    }
    const body = await readBody(request);
    let form: FormData;
    try {
      form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': request.headers['content-type'] ?? '' },
        body,
      }).formData();
    } catch {
      send(response, 400, { error: { message: 'the body is not multipart/form-data' } });
      return;
    }
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) {
      send(response, 400, { error: { message: 'file is missing or empty' } });
      return;
    }
    const bytes = Buffer.from(await file.arrayBuffer());
    const recorded: RecordedTranscription = {
      authorization: request.headers.authorization,
      fileName: file instanceof File ? file.name : '',
      fileType: file.type,
      fileBytes: bytes.length,
      fileDigest: createHash('sha256').update(bytes).digest('hex'),
      model: typeof form.get('model') === 'string' ? (form.get('model') as string) : null,
      language: typeof form.get('language') === 'string' ? (form.get('language') as string) : null,
    };
    requests.push(recorded);
    if (!recorded.model || !recorded.language) {
      send(response, 400, { error: { message: 'model and language are required' } });
      return;
    }
    const reply = script.shift() ?? fallback;
    if ('hang' in reply) return;
    if ('status' in reply) send(response, reply.status, { error: { message: reply.message } });
    else send(response, 200, { text: reply.text });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => script.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
