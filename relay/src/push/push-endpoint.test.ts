import { describe, expect, it } from 'vitest';
import { whyEndpointRefused } from './push-endpoint';

describe('whyEndpointRefused', () => {
  it('takes the https endpoints of push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx1',
    ])
      expect(whyEndpointRefused(endpoint, false), endpoint).toBeNull();
  });

  it('refuses http and local endpoints, saying why', () => {
    expect(whyEndpointRefused('http://push.example.com/x', false)).toMatch(/https/);
    expect(whyEndpointRefused('https://localhost:8090/notify/x', false)).toMatch(/local/);
    expect(whyEndpointRefused('https://127.0.0.1/x', false)).toMatch(/local/);
    expect(whyEndpointRefused('ftp://push.example.com/x', false)).toMatch(/https/);
  });

  it('takes a local http push service when the relay allows it (tests)', () => {
    expect(whyEndpointRefused('http://localhost:8090/notify/abc', true)).toBeNull();
    expect(whyEndpointRefused('ftp://localhost/x', true)).toMatch(/https/);
  });
});
