import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoute, errorResponse, FAKE_BASE, sseResponse } from './fake-llm';
import { type AnswerContext, buildAnswerMessages, LlmCallError, streamAnswer } from './index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const longReport = `${'Line of the report. '.repeat(5000)}THE VERY LAST LINE`;

const context: AnswerContext = {
  report: { text: longReport, cwd: '/srv/app', source: 'claude-code' },
  brief: {
    status: 'ready',
    language: 'es-MX',
    spoken: 'Listo, {form-of-address}. Las pruebas pasan.',
    cards: [{ title: 'Pruebas', body: '42 pasan' }],
    conclusion: 'Todo bien.',
    pendingQuestions: ['¿Publico la versión 2.1?'],
    criticalFacts: [],
    llmCalls: 1,
    model: 'm',
  },
  progress: {
    heardSentences: ['Listo, jefa.'],
    remainingSentences: ['Las pruebas pasan.', 'Todo bien.'],
  },
  history: [
    { role: 'user', text: '¿Qué cambió?' },
    { role: 'assistant', text: 'El parser.' },
  ],
  question: '¿Y la base de datos?',
  language: 'es-MX',
  formOfAddress: 'jefa',
};

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const parts: string[] = [];
  for await (const part of iterable) parts.push(part);
  return parts;
}

describe('buildAnswerMessages', () => {
  const messages = buildAnswerMessages(context);
  const system = messages[0]?.content ?? '';

  it('carries the full report, never truncated', () => {
    expect(messages[0]?.role).toBe('system');
    expect(system).toContain(longReport);
  });

  it('carries the brief with the form of address replaced', () => {
    expect(system).toContain('Listo, jefa. Las pruebas pasan.');
    expect(system).toContain('Pruebas: 42 pasan');
    expect(system).toContain('¿Publico la versión 2.1?');
    expect(system).not.toContain('{form-of-address}');
  });

  it('says what was heard and where the user stopped', () => {
    expect(system).toContain('Heard so far:\nListo, jefa.');
    expect(system).toContain('2 sentence(s) not heard yet, starting with: "Las pruebas pasan."');
  });

  it('asks for the brief language, short spoken sentences, and the form of address', () => {
    expect(system).toContain('Answer in Mexican Spanish (es-MX)');
    expect(system).toMatch(/short spoken sentences/);
    expect(system).toContain('call them "jefa"');
  });

  it('ends with the history in order and then the question', () => {
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: '¿Qué cambió?' },
      { role: 'assistant', content: 'El parser.' },
      { role: 'user', content: '¿Y la base de datos?' },
    ]);
  });

  it('handles a failed brief, no progress, a finished brief and a blank form of address', () => {
    const failed = buildAnswerMessages({
      ...context,
      brief: { status: 'failed', language: 'en-US', reason: 'no LLM configured', llmCalls: 0 },
      progress: { heardSentences: [], remainingSentences: ['a'] },
      history: [],
      formOfAddress: ' ',
    });
    expect(failed).toHaveLength(2);
    expect(failed[0]?.content).toContain('No brief could be made (no LLM configured)');
    expect(failed[0]?.content).toContain('has not heard any of the brief yet');
    expect(failed[0]?.content).toContain('call them "boss"');
    const done = buildAnswerMessages({
      ...context,
      progress: { heardSentences: ['a'], remainingSentences: [] },
    });
    expect(done[0]?.content).toContain('heard the whole brief');
    const none = buildAnswerMessages({ ...context, brief: null });
    expect(none[0]?.content).toContain('There is no brief');
  });
});

describe('streamAnswer', () => {
  const llm = { baseUrl: FAKE_BASE, apiKey: 'sk-secret', model: 'fake-model' };

  it('yields the text deltas of a streamed completion', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      chatRoute((sent) => {
        body = sent;
        return sseResponse(['La base ', 'no cambió, ', 'jefa.']);
      }),
    );
    expect(await collect(streamAnswer({ ...context, llm }))).toEqual(['La base ', 'no cambió, ', 'jefa.']);
    expect(body).toMatchObject({ model: 'fake-model', stream: true });
    expect(body.messages).toEqual(buildAnswerMessages(context));
  });

  it('throws a plain-words error on 500 and on 401', async () => {
    server.use(chatRoute(() => errorResponse(500, 'boom')));
    await expect(collect(streamAnswer({ ...context, llm }))).rejects.toMatchObject({
      name: 'LlmCallError',
      status: 500,
      reason: 'llm.test had an internal error (HTTP 500)',
    });
    server.use(chatRoute(() => errorResponse(401, 'bad key')));
    const error = await collect(streamAnswer({ ...context, llm })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmCallError);
    expect(error).toMatchObject({ status: 401, reason: 'llm.test refused the API key' });
  });

  it('throws when the endpoint cannot be reached', async () => {
    server.use(chatRoute(() => HttpResponse.error()));
    await expect(collect(streamAnswer({ ...context, llm }))).rejects.toMatchObject({
      reason: expect.stringMatching(/^cannot reach llm\.test/),
    });
  });

  it('throws when the stream ends without any text, or a content filter stops it', async () => {
    server.use(chatRoute(() => sseResponse([])));
    await expect(collect(streamAnswer({ ...context, llm }))).rejects.toMatchObject({
      reason: 'the model gave no answer',
    });
    server.use(chatRoute(() => sseResponse(['Part'], { finishReason: 'content_filter' })));
    await expect(collect(streamAnswer({ ...context, llm }))).rejects.toMatchObject({
      reason: expect.stringContaining('content filter'),
    });
  });

  it('stops when the caller aborts', async () => {
    server.use(chatRoute(() => sseResponse(['never'])));
    const controller = new AbortController();
    controller.abort();
    await expect(collect(streamAnswer({ ...context, llm, signal: controller.signal }))).rejects.toMatchObject(
      {
        reason: 'the request was cancelled',
      },
    );
  });

  it('uses an injected fetch', async () => {
    const calls: string[] = [];
    const fetchImpl: typeof fetch = async (input) => {
      calls.push(String(input));
      return sseResponse(['ok']);
    };
    expect(await collect(streamAnswer({ ...context, llm, fetch: fetchImpl }))).toEqual(['ok']);
    expect(calls).toEqual([`${FAKE_BASE}/chat/completions`]);
  });

  it('stops the request when the consumer stops listening', async () => {
    server.use(chatRoute(() => sseResponse(['a', 'b', 'c'])));
    const parts: string[] = [];
    for await (const part of streamAnswer({ ...context, llm })) {
      parts.push(part);
      break;
    }
    expect(parts).toEqual(['a']);
  });

  it('yields nothing more once aborted mid-stream, and says it was cancelled', async () => {
    server.use(chatRoute(() => sseResponse(['a', 'b', 'c'])));
    const controller = new AbortController();
    const parts: string[] = [];
    const listening = (async () => {
      for await (const part of streamAnswer({ ...context, llm, signal: controller.signal })) {
        parts.push(part);
        controller.abort();
      }
    })();
    await expect(listening).rejects.toMatchObject({ reason: 'the request was cancelled' });
    expect(parts).toEqual(['a']);
  });
});
