import type { DesktopBridge, EndpointChunk, EndpointRequest } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createBridgeFetch } from './bridge-fetch';

const bytes = (text: string) => new TextEncoder().encode(text);

function endpointWith(chunks: EndpointChunk[], status = 200) {
  const opened: EndpointRequest[] = [];
  const cancelled: string[] = [];
  let reads = 0;
  const endpoint: DesktopBridge['endpoint'] = {
    allow: async () => undefined,
    open: async (request) => {
      opened.push(request);
      return {
        ok: true,
        id: 'answer-1',
        status,
        statusText: 'OK',
        headers: { 'content-type': 'audio/mpeg' },
      };
    },
    read: async () => {
      const chunk = chunks[reads++];
      return chunk ?? new Promise<EndpointChunk>(() => undefined);
    },
    cancel: async (id) => {
      cancelled.push(id);
    },
  };
  return { endpoint, opened, cancelled, reads: () => reads };
}

describe('a fetch whose requests main makes', () => {
  it('sends method, headers and body, and streams the answer chunk by chunk in order', async () => {
    const { endpoint, opened } = endpointWith([
      { done: false, chunk: bytes('data: one\n\n') },
      { done: false, chunk: bytes('data: two\n\n') },
      { done: true },
    ]);
    const response = await createBridgeFetch(endpoint)('https://llm.example/v1/chat', {
      method: 'POST',
      headers: { authorization: 'Bearer sk-1', 'content-type': 'application/json' },
      body: '{"stream":true}',
    });
    expect(opened[0]).toMatchObject({
      url: 'https://llm.example/v1/chat',
      method: 'POST',
      headers: { authorization: 'Bearer sk-1', 'content-type': 'application/json' },
      body: '{"stream":true}',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(await response.text()).toBe('data: one\n\ndata: two\n\n');
  });

  it('sends bytes as bytes (multipart audio)', async () => {
    const { endpoint, opened } = endpointWith([{ done: true }]);
    await createBridgeFetch(endpoint)('https://tts.example/upload', {
      method: 'PUT',
      body: new Uint8Array([1, 2, 3]),
    });
    expect(opened[0]?.body).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('rejects with a TypeError, as fetch does, when main refuses or cannot reach the endpoint', async () => {
    const { endpoint } = endpointWith([]);
    endpoint.open = async () => ({
      ok: false,
      reason: 'not_configured',
      message: 'not a configured endpoint',
    });
    await expect(createBridgeFetch(endpoint)('https://x.example/')).rejects.toThrow(TypeError);
  });

  it('errors the body when the answer breaks off', async () => {
    const { endpoint } = endpointWith([
      { done: false, chunk: bytes('half') },
      { ok: false, reason: 'network', message: 'the answer broke off' },
    ]);
    const response = await createBridgeFetch(endpoint)('https://x.example/');
    await expect(response.text()).rejects.toThrow('the answer broke off');
  });

  it('an abort mid-answer errors the body and cancels the request in main', async () => {
    const { endpoint, cancelled } = endpointWith([{ done: false, chunk: bytes('first') }]);
    const controller = new AbortController();
    const response = await createBridgeFetch(endpoint)('https://x.example/', { signal: controller.signal });
    const reader = response.body?.getReader();
    expect(new TextDecoder().decode((await reader?.read())?.value)).toBe('first');
    const pending = reader?.read();
    controller.abort(new Error('deadline'));
    await expect(pending).rejects.toThrow('deadline');
    expect(cancelled).toEqual(['answer-1']);
  });
});
