// For tests: an OpenAI-compatible model, voice and speech-to-text endpoint on 127.0.0.1, scripted
// per test, recording what it was sent and whether the caller hung up.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface RecordedCall {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
  /** Set when the caller closed the connection before the answer ended. */
  abandoned: boolean;
}

export interface FakeVoiceEndpoints {
  url: string;
  calls: RecordedCall[];
  /** The model's answer, in pieces; each piece waits `pieceDelayMs` (default 5). */
  modelPieces: string[];
  pieceDelayMs: number;
  /** The voice's audio. */
  audio: Buffer;
  transcript: string;
  /** Answer every call with this status instead. */
  failWith: number | null;
  /** Never answer. */
  stall: boolean;
  close(): Promise<void>;
}

export async function startFakeVoiceEndpoints(): Promise<FakeVoiceEndpoints> {
  const fake: Omit<FakeVoiceEndpoints, 'url' | 'close'> = {
    calls: [],
    modelPieces: ['Hello', ' there.', ' All', ' done.'],
    pieceDelayMs: 5,
    audio: Buffer.alloc(0),
    transcript: 'hello computer',
    failWith: null,
    stall: false,
  };
  const server = createServer((request, response) => void answer(request, response));
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const call: RecordedCall = {
      path: request.url ?? '',
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      body: Buffer.concat(chunks),
      abandoned: false,
    };
    fake.calls.push(call);
    response.on('close', () => {
      if (!response.writableFinished) call.abandoned = true;
    });
    if (fake.stall) return;
    if (fake.failWith) {
      response.writeHead(fake.failWith, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'fake failure' } }));
      return;
    }
    if (call.path.endsWith('/chat/completions')) {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of fake.modelPieces) {
        await new Promise((resolve) => setTimeout(resolve, fake.pieceDelayMs));
        if (response.destroyed) return;
        response.write(
          `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'fake', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      }
      response.end('data: [DONE]\n\n');
      return;
    }
    if (call.path.endsWith('/audio/speech')) {
      response.writeHead(200, { 'content-type': 'audio/mpeg' });
      response.end(fake.audio);
      return;
    }
    if (call.path.endsWith('/audio/transcriptions')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ text: fake.transcript }));
      return;
    }
    response.writeHead(404).end();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
