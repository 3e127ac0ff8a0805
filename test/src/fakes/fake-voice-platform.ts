import { createServer } from 'node:http';

export interface RecordedVoiceCall {
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Buffer;
}

export interface FakeVoicePlatform {
  /** The baseUrl to configure, ending in /v1. */
  url: string;
  calls: RecordedVoiceCall[];
  close(): Promise<void>;
}

/**
 * An OpenAI-compatible voice platform on 127.0.0.1 that sends no CORS headers (a page could not
 * read it): `POST /v1/audio/speech` answers `audio` as audio/mpeg, `POST /v1/audio/transcriptions`
 * answers `{text: transcript}`. Every call is recorded.
 */
export async function startFakeVoicePlatform(
  audio: Buffer,
  transcript: string,
  /** How long each spoken sentence takes, so requests from several devices overlap. */
  options: { speechDelayMs?: number } = {},
): Promise<FakeVoicePlatform> {
  const calls: RecordedVoiceCall[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      calls.push({
        path: request.url ?? '',
        authorization: request.headers.authorization,
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      if (request.url === '/v1/audio/speech') {
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'audio/mpeg' });
          response.end(audio);
        }, options.speechDelayMs ?? 0);
      } else if (request.url === '/v1/audio/transcriptions') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: transcript }));
      } else response.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
