import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chatRoute, completionResponse, errorResponse, FAKE_BASE } from './fake-llm';
import { listModels, testConnection } from './index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const endpoint = { baseUrl: FAKE_BASE, apiKey: 'sk-test-secret', model: 'fake-model' };

describe('listModels', () => {
  it('returns the ids sorted and without duplicates, sending the key', async () => {
    let auth: string | null = null;
    server.use(
      http.get(`${FAKE_BASE}/models`, ({ request }) => {
        auth = request.headers.get('authorization');
        return HttpResponse.json({
          object: 'list',
          data: [{ id: 'zeta' }, { id: 'alpha' }, { id: 'mid' }, { id: 'alpha' }].map((m) => ({
            ...m,
            object: 'model',
            created: 0,
            owned_by: 'x',
          })),
        });
      }),
    );
    expect(await listModels(endpoint)).toEqual({ ok: true, models: ['alpha', 'mid', 'zeta'] });
    expect(auth).toBe('Bearer sk-test-secret');
  });

  it('says the key was refused on 401', async () => {
    server.use(http.get(`${FAKE_BASE}/models`, () => errorResponse(401, 'bad key sk-test-secret')));
    expect(await listModels(endpoint)).toEqual({ ok: false, reason: 'llm.test refused the API key' });
  });

  it('says the address was not found on 404', async () => {
    server.use(http.get(`${FAKE_BASE}/models`, () => errorResponse(404, 'no such route')));
    const result = await listModels(endpoint);
    expect(result).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^not found: check the base address/),
    });
  });

  it('says it cannot reach the host on a network failure', async () => {
    server.use(http.get(`${FAKE_BASE}/models`, () => HttpResponse.error()));
    const result = await listModels(endpoint);
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/^cannot reach llm\.test/) });
  });
});

describe('testConnection', () => {
  it('makes a strict json_schema call like the daemon and reports the model', async () => {
    let body: Record<string, unknown> = {};
    let headers = new Headers();
    server.use(
      chatRoute((sent, request) => {
        body = sent;
        headers = request.headers;
        return completionResponse('{"ok":true,"language":"en"}', 'fake-model-2025');
      }),
    );
    expect(await testConnection(endpoint)).toEqual({ ok: true, model: 'fake-model-2025' });
    expect(body).toMatchObject({
      model: 'fake-model',
      stream: false,
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'ringback_check', strict: true, schema: { type: 'object' } },
      },
    });
    expect([...headers.keys()].filter((name) => name.startsWith('x-stainless'))).toEqual([]);
  });

  it('in json_object mode puts the schema in the prompt and tolerates a code fence', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      chatRoute((sent) => {
        body = sent;
        return completionResponse('```json\n{"ok":true,"language":"en"}\n```');
      }),
    );
    expect(await testConnection({ ...endpoint, structuredOutput: 'json_object' })).toEqual({
      ok: true,
      model: 'fake-model',
    });
    expect(body.response_format).toEqual({ type: 'json_object' });
    expect(JSON.stringify(body.messages)).toContain('JSON Schema');
  });

  it('fails when the answer is not JSON, or does not follow the schema', async () => {
    server.use(chatRoute(() => completionResponse('Sure! ok')));
    expect(await testConnection(endpoint)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('json_object'),
    });
    server.use(chatRoute(() => completionResponse('{"fine":1}')));
    expect(await testConnection(endpoint)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('schema'),
    });
    server.use(chatRoute(() => completionResponse('')));
    expect(await testConnection(endpoint)).toEqual({ ok: false, reason: 'the model answered with nothing' });
  });

  it('turns HTTP failures into plain words without the key', async () => {
    server.use(chatRoute(() => errorResponse(401, 'Incorrect API key sk-test-secret')));
    expect(await testConnection(endpoint)).toEqual({ ok: false, reason: 'llm.test refused the API key' });

    server.use(chatRoute(() => errorResponse(404, 'The model `fake-model` does not exist')));
    const missing = await testConnection(endpoint);
    expect(missing).toMatchObject({
      ok: false,
      reason: expect.stringContaining('model "fake-model" exists'),
    });

    server.use(chatRoute(() => errorResponse(400, 'response_format json_schema unsupported sk-test-secret')));
    const rejected = await testConnection(endpoint);
    expect(rejected).toMatchObject({ ok: false, reason: expect.stringContaining('HTTP 400') });
    expect(JSON.stringify(rejected)).not.toContain('sk-test-secret');

    server.use(chatRoute(() => errorResponse(500, 'boom')));
    expect(await testConnection(endpoint)).toEqual({
      ok: false,
      reason: 'llm.test had an internal error (HTTP 500)',
    });
  });

  it('reports an unreachable endpoint', async () => {
    server.use(chatRoute(() => HttpResponse.error()));
    expect(await testConnection(endpoint)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^cannot reach/),
    });
  });
});
