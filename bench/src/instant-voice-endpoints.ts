import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * An OpenAI-compatible speech-to-text and voice that answer at once: `/audio/transcriptions`
 * reads the whole multipart upload (as a real server must before it can listen) and answers
 * `{text}`; `/audio/speech` answers the same short audio whatever format was asked. A bench then
 * measures the path to the endpoints, not the endpoints.
 */
export async function startInstantVoiceEndpoints(options: {
  transcript: string;
  audio: Buffer;
  audioType: string;
}): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let received = 0;
    request.on('data', (chunk: Buffer) => {
      received += chunk.byteLength;
    });
    request.on('end', () => {
      const path = request.url ?? '';
      if (path.endsWith('/audio/transcriptions') && received > 0) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ text: options.transcript }));
      } else if (path.endsWith('/audio/speech')) {
        response.writeHead(200, { 'content-type': options.audioType });
        response.end(options.audio);
      } else {
        response.writeHead(404, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `no ${path} here` } }));
      }
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.url}/v1`,
    close: listening.close,
  };
}
