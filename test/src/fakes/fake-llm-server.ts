import Fastify from 'fastify';

export interface RecordedLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
    reasoning_effort?: string;
    [key: string]: unknown;
  };
}

/** One scripted answer of the fake endpoint. */
export type FakeLlmReply =
  /** A completion whose content is this value as JSON (optionally inside a markdown fence). */
  | { json: unknown; fence?: boolean; delayMs?: number; finishReason?: string }
  /** A completion with this raw content. */
  | { content: string; delayMs?: number; finishReason?: string }
  /** An HTTP error with an OpenAI-style error body. */
  | { status: number; message?: string; delayMs?: number }
  | ((request: RecordedLlmRequest) => FakeLlmReply);

/** A valid brief that covers no critical facts, so every check passes. */
export function plainBrief(spoken = 'All done, {form-of-address}.'): Record<string, unknown> {
  return {
    spoken,
    cards: [{ title: 'Result', body: 'Work finished.' }],
    conclusion: 'The turn is finished.',
    pendingQuestions: [],
    criticalFacts: [],
    addedNotesHeading: 'Also note',
  };
}

export interface FakeLlm {
  /** The baseUrl to configure, ending in /v1. */
  url: string;
  requests: RecordedLlmRequest[];
  enqueue(...replies: FakeLlmReply[]): void;
  setDefault(reply: FakeLlmReply): void;
  /** Most chat requests that were open at the same time. */
  readonly maxInFlight: number;
  close(): Promise<void>;
}

/**
 * A real HTTP server speaking the OpenAI chat-completions protocol on 127.0.0.1, answering
 * from a script (then a default), recording every request for assertions.
 */
export async function startFakeLlm(): Promise<FakeLlm> {
  const app = Fastify({ logger: false, bodyLimit: 8 * 1024 * 1024, forceCloseConnections: true });
  // A page calls the user's endpoint straight from the device (another origin), as OpenAI's API
  // allows: answer preflights with the headers asked for, and mark every answer readable.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      reply
        .header('access-control-allow-methods', 'GET, POST, OPTIONS')
        .header('access-control-allow-headers', request.headers['access-control-request-headers'] ?? '*')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    }
  });
  app.options('*', async () => undefined);
  const requests: RecordedLlmRequest[] = [];
  const script: FakeLlmReply[] = [];
  let fallback: FakeLlmReply = { json: plainBrief() };
  let inFlight = 0;
  let maxInFlight = 0;

  const complete = async (request: { url: string; headers: Record<string, unknown>; body: unknown }) => {
    const recorded: RecordedLlmRequest = {
      path: request.url,
      authorization: request.headers.authorization as string | undefined,
      body: request.body as RecordedLlmRequest['body'],
    };
    requests.push(recorded);
    let reply = script.shift() ?? fallback;
    while (typeof reply === 'function') reply = reply(recorded);
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
    if ('status' in reply) {
      return {
        status: reply.status,
        body: { error: { message: reply.message ?? 'fake failure', type: 'fake_error', code: null } },
      };
    }
    const content =
      'json' in reply
        ? reply.fence
          ? `\`\`\`json\n${JSON.stringify(reply.json)}\n\`\`\``
          : JSON.stringify(reply.json)
        : reply.content;
    return {
      status: 200,
      body: {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: recorded.body.model ?? 'fake',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: reply.finishReason ?? 'stop',
            logprobs: null,
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      },
    };
  };

  for (const path of ['/v1/chat/completions', '/chat/completions']) {
    app.post(path, async (request, reply) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      try {
        const answer = await complete(request);
        if ((request.body as { stream?: boolean }).stream && 'choices' in answer.body && answer.body.choices)
          return streamCompletion(reply, answer.body as StreamableCompletion);
        return reply.status(answer.status).send(answer.body);
      } finally {
        inFlight -= 1;
      }
    });
  }
  app.get('/v1/models', async () => ({
    object: 'list',
    data: [{ id: 'fake-1', object: 'model', owned_by: 'ringback' }],
  }));

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => script.push(...replies),
    setDefault: (reply) => {
      fallback = reply;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    close: () => app.close(),
  };
}

interface StreamableCompletion {
  id: string;
  created: number;
  model: string;
  choices: { message: { content: string } }[];
}

/** Piece size and pause of a streamed answer: small enough that a sentence arrives in parts. */
const STREAM_PIECE_CHARS = 12;
const STREAM_PIECE_DELAY_MS = 15;

/** Sends a completion the way `stream: true` does: `chat.completion.chunk` SSE frames, then `[DONE]`. */
async function streamCompletion(
  reply: import('fastify').FastifyReply,
  completion: StreamableCompletion,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'access-control-allow-origin': '*',
  });
  const content = completion.choices[0]?.message.content ?? '';
  const chunk = (delta: Record<string, unknown>, finishReason: string | null) =>
    `data: ${JSON.stringify({
      id: completion.id,
      object: 'chat.completion.chunk',
      created: completion.created,
      model: completion.model,
      choices: [{ index: 0, delta, finish_reason: finishReason }],
    })}\n\n`;
  raw.write(chunk({ role: 'assistant', content: '' }, null));
  for (let at = 0; at < content.length; at += STREAM_PIECE_CHARS) {
    await new Promise((resolve) => setTimeout(resolve, STREAM_PIECE_DELAY_MS));
    raw.write(chunk({ content: content.slice(at, at + STREAM_PIECE_CHARS) }, null));
  }
  raw.write(chunk({}, 'stop'));
  raw.end('data: [DONE]\n\n');
}
