import { describe, expect, it } from 'vitest';
import { auth, injectRelay } from '../routes/relay-fixture';

const DESKTOP_ORIGIN = 'app://ringback';

describe('the relay API answers pages of other origins (the desktop app, a web build paired elsewhere)', () => {
  it('a preflight for an authorised call is allowed, with the headers the app sends', async () => {
    const { app } = await injectRelay();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/v1/stream',
      headers: {
        origin: DESKTOP_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, last-event-id',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    const methods = String(preflight.headers['access-control-allow-methods']);
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) expect(methods).toContain(method);
    const headers = String(preflight.headers['access-control-allow-headers']).toLowerCase();
    for (const header of ['authorization', 'content-type', 'last-event-id'])
      expect(headers).toContain(header);
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('an answer to another origin is readable by it, Retry-After included, and never carries credentials', async () => {
    const { app, daemon } = await injectRelay();
    const listed = await app.inject({
      method: 'GET',
      url: '/v1/devices',
      headers: { ...auth(daemon), origin: DESKTOP_ORIGIN },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe('*');
    expect(String(listed.headers['access-control-expose-headers']).toLowerCase()).toContain('retry-after');
    // The relay's time, by which the app reckons a permission call's expiry on a phone whose clock is off.
    expect(String(listed.headers['access-control-expose-headers']).toLowerCase()).toContain('date');
    const refused = await app.inject({
      method: 'GET',
      url: '/v1/devices',
      headers: { origin: DESKTOP_ORIGIN },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  });

  it("the app's own pages stay same-origin only", async () => {
    const { app } = await injectRelay();
    const page = await app.inject({ method: 'GET', url: '/', headers: { origin: DESKTOP_ORIGIN } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/',
      headers: { origin: DESKTOP_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('the event stream, which writes its own head, is readable by another origin too', async () => {
    const { app, pair } = await injectRelay();
    const phone = await pair('app', 'Phone');
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const stop = new AbortController();
    const stream = await fetch(`${address}/v1/stream`, {
      headers: { ...auth(phone), origin: DESKTOP_ORIGIN },
      signal: stop.signal,
    });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('access-control-allow-origin')).toBe('*');
    stop.abort();
  });
});
