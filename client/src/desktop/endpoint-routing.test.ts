import type { DesktopBridge, EndpointRequest } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { createEndpointRouting, isUnder } from './endpoint-routing';

function fakeEndpoint() {
  const allowed: string[][] = [];
  const opened: EndpointRequest[] = [];
  const endpoint: DesktopBridge['endpoint'] = {
    allow: async (bases) => {
      allowed.push(bases);
    },
    open: async (request) => {
      opened.push(request);
      return { ok: true, id: 'a1', status: 200, statusText: 'OK', headers: { 'content-type': 'text/plain' } };
    },
    read: async () => ({ done: true }),
    cancel: async () => undefined,
  };
  return { endpoint, allowed, opened };
}

const pageFetch = (async () => new Response('from the page')) as typeof fetch;

describe('which requests main makes for the page', () => {
  it('a URL is under a base by scheme, host, port and whole path segments', () => {
    expect(isUnder('https://api.example.com/v1/chat', 'https://api.example.com/v1')).toBe(true);
    expect(isUnder('https://api.example.com/v1', 'https://api.example.com/v1/')).toBe(true);
    expect(isUnder('https://api.example.com/v10/chat', 'https://api.example.com/v1')).toBe(false);
    expect(isUnder('http://api.example.com/v1/chat', 'https://api.example.com/v1')).toBe(false);
    expect(isUnder('https://api.example.com:8443/v1', 'https://api.example.com/v1')).toBe(false);
    expect(isUnder('https://evil.example/api.example.com/v1', 'https://api.example.com')).toBe(false);
  });

  it('sends the configured endpoints to main and routes only requests under them there', async () => {
    const { endpoint, allowed, opened } = fakeEndpoint();
    const routing = createEndpointRouting({ endpoint }, pageFetch);
    await routing.configure(['https://relay.example', 'https://llm.example/v1']);
    expect(allowed).toEqual([['https://relay.example', 'https://llm.example/v1']]);

    await routing.fetch('https://llm.example/v1/chat/completions', { method: 'POST', body: '{"a":1}' });
    expect(opened.map((request) => [request.method, request.url, request.body])).toEqual([
      ['POST', 'https://llm.example/v1/chat/completions', '{"a":1}'],
    ]);
    expect(await (await routing.fetch('app://ringback/index.html')).text()).toBe('from the page');
    expect(await (await routing.fetch('https://other.example/x')).text()).toBe('from the page');
    // Methods main does not send stay the page's (a no-cors HEAD probe).
    expect(await (await routing.fetch('https://relay.example/v1/', { method: 'HEAD' })).text()).toBe(
      'from the page',
    );
    expect(opened).toHaveLength(1);
  });

  it('allows an endpoint being tried before it is saved, until another is tried', async () => {
    const { endpoint, allowed } = fakeEndpoint();
    const routing = createEndpointRouting({ endpoint }, pageFetch);
    await routing.configure(['https://relay.example']);
    await routing.tryOut(['https://new.example/v1']);
    await routing.tryOut(['https://new.example/v1/']);
    await routing.tryOut(['https://other.example']);
    expect(allowed).toEqual([
      ['https://relay.example'],
      ['https://relay.example', 'https://new.example/v1'],
      ['https://relay.example', 'https://other.example'],
    ]);
  });

  it('in a browser everything is the page fetch', async () => {
    const routing = createEndpointRouting(null, pageFetch);
    await routing.configure(['https://relay.example']);
    expect(await (await routing.fetch('https://relay.example/v1/devices')).text()).toBe('from the page');
  });
});
