import { describe, expect, it } from 'vitest';
import { pushServiceOf, whyEndpointRefused } from './push-endpoint';

describe('whyEndpointRefused', () => {
  it('takes the https endpoints of the known push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://android.googleapis.com/gcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com:443/fcm/send/x',
    ])
      expect(whyEndpointRefused(endpoint), endpoint).toBeNull();
  });

  it('refuses every other host, address and port, saying why', () => {
    const refused: [string, RegExp][] = [
      ['http://fcm.googleapis.com/fcm/send/x', /https/],
      ['ftp://fcm.googleapis.com/x', /https/],
      ['https://fcm.googleapis.com:8443/fcm/send/x', /port 443/],
      ['https://user@fcm.googleapis.com/fcm/send/x', /user name/],
      ['https://push.example.com/x', /not a known push service.*--push-origin/],
      ['https://localhost:8090/notify/x', /port 443/],
      ['https://localhost/notify/x', /not a known push service/],
      ['https://127.0.0.1/x', /not a known push service/],
      ['https://[::ffff:127.0.0.1]/x', /not a known push service/],
      ['https://[::1]/x', /not a known push service/],
      ['https://169.254.169.254/latest/meta-data', /not a known push service/],
      ['https://10.0.0.1/x', /not a known push service/],
      ['https://192.168.1.1/x', /not a known push service/],
      ['https://100.64.0.1/x', /not a known push service/],
      ['https://[fd00::1]/x', /not a known push service/],
      ['https://[fe80::1]/x', /not a known push service/],
      ['https://push.apple.com.evil.example/x', /not a known push service/],
      ['https://evilpush.apple.com/x', /not a known push service/],
      ['https://fcm.googleapis.com.evil.example/x', /not a known push service/],
      // Mozilla's endpoints are on one documented host; other names under it are not its push service.
      ['https://hang.push.services.mozilla.com/wpush/v2/x', /not a known push service/],
      ['not a url', /not a URL/],
    ];
    for (const [endpoint, why] of refused) expect(whyEndpointRefused(endpoint), endpoint).toMatch(why);
  });

  it('takes the origins an operator allows, exactly those', () => {
    const allowed = ['http://127.0.0.1:9000', 'https://push.corp.example'];
    expect(whyEndpointRefused('http://127.0.0.1:9000/notify/abc', allowed)).toBeNull();
    expect(whyEndpointRefused('https://push.corp.example/send/abc', allowed)).toBeNull();
    expect(whyEndpointRefused('http://127.0.0.1:9001/notify/abc', allowed)).not.toBeNull();
    expect(whyEndpointRefused('https://push.corp.example:444/send/abc', allowed)).not.toBeNull();
  });

  it('names the push service an endpoint goes to: every host of a known one alike, else the origin', () => {
    expect(pushServiceOf('https://web.push.apple.com/QGx1')).toBe('apple');
    expect(pushServiceOf('https://hang-1.push.apple.com/x')).toBe('apple');
    expect(pushServiceOf('https://wns2-by3p.notify.windows.com/w/?token=B')).toBe('windows');
    expect(pushServiceOf('https://fcm.googleapis.com/fcm/send/x')).toBe('fcm');
    expect(pushServiceOf('https://android.googleapis.com/gcm/send/x')).toBe('fcm');
    expect(pushServiceOf('https://updates.push.services.mozilla.com/wpush/v2/x')).toBe('mozilla');
    expect(pushServiceOf('http://127.0.0.1:9000/notify/abc')).toBe('http://127.0.0.1:9000');
  });
});
