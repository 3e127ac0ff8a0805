import { createServer } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * A chat-completions endpoint that streams its answer at once (`stream: true`, SSE chunks, then
 * `[DONE]`), so a bench measures the path to the model, not the model.
 */
export async function startInstantStreamLlm(
  answer: string[],
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'access-control-allow-origin': '*' });
      for (const piece of answer)
        response.write(
          `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'instant', choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] })}\n\n`,
        );
      response.end('data: [DONE]\n\n');
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.url}/v1`,
    close: listening.close,
  };
}
