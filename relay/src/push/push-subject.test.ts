import { describe, expect, it } from 'vitest';
import { PushSubjectError, resolvePushSubject } from './push-subject';

describe('resolvePushSubject', () => {
  it('takes a mailto: address or an https URL that a push service accepts', () => {
    expect(resolvePushSubject({ explicit: 'mailto:ops@example.com' })).toEqual({
      subject: 'mailto:ops@example.com',
    });
    expect(
      resolvePushSubject({ explicit: 'https://relay.example.com/', publicUrl: 'http://127.0.0.1:8791' }),
    ).toEqual({ subject: 'https://relay.example.com/' });
    // `.example` is reserved, but the tests and documentation use it: it is left to the operator.
    for (const explicit of [
      'mailto:e2e@ringback.example',
      'mailto:ops@mail.example.co.uk',
      'https://203.0.114.7',
    ])
      expect(resolvePushSubject({ explicit }), explicit).toEqual({ subject: explicit });
  });

  it('refuses an explicit subject Apple would reject, saying why', () => {
    const refused: [string, RegExp][] = [
      ['https://localhost:8791', /localhost.*Apple/],
      ['https://127.0.0.1', /127\.0\.0\.1 is a loopback address.*Apple.*public https address/],
      ['https://[::1]:8443', /loopback address/],
      ['https://[::ffff:10.0.0.1]', /private address/],
      ['https://10.0.0.5', /private address/],
      ['https://192.168.1.10', /private address/],
      ['https://169.254.1.1', /link-local/],
      ['https://[fd00::1]', /unique-local/],
      ['https://ringback.local', /local or reserved domain \(\.local\).*Apple/],
      ['https://phone.localhost', /local or reserved domain/],
      ['https://relay.internal', /local or reserved domain/],
      ['https://relay.test', /local or reserved domain/],
      ['https://relay', /without a domain/],
      ['mailto:ops@localhost', /names localhost.*Apple.*mailto:you@yourdomain\.com/],
      ['mailto:ops@relay.localhost', /local or reserved domain/],
      ['mailto:ops@relay.local', /local or reserved domain \(\.local\)/],
      ['mailto:ops@nowhere.invalid', /\.invalid/],
      ['mailto:ops@relay.test', /\.test/],
      ['mailto:ops@[127.0.0.1]', /IP address.*Apple/],
      ['mailto:ops@192.168.1.1', /IP address/],
      ['mailto:root@myhost', /without a domain/],
      ['http://relay.example.com', /https/],
      ['mailto:', /mailto:/],
      ['ops@example.com', /mailto:.*https/],
      ['', /mailto:.*https/],
    ];
    for (const [explicit, why] of refused) {
      expect(() => resolvePushSubject({ explicit }), explicit).toThrow(PushSubjectError);
      expect(() => resolvePushSubject({ explicit }), explicit).toThrow(why);
    }
  });

  it('uses the public URL’s origin when it is https and not a local address', () => {
    expect(resolvePushSubject({ publicUrl: 'https://relay.example.com/some/path' })).toEqual({
      subject: 'https://relay.example.com',
    });
    expect(resolvePushSubject({ publicUrl: 'https://ringback.tail1234.ts.net:8443' })).toEqual({
      subject: 'https://ringback.tail1234.ts.net:8443',
    });
  });

  it('turns push off, saying how to turn it on, when neither gives a usable subject', () => {
    for (const publicUrl of [
      undefined,
      'http://127.0.0.1:8791',
      'https://localhost:8791',
      'http://relay.example.com',
    ]) {
      const resolved = resolvePushSubject(publicUrl === undefined ? {} : { publicUrl });
      expect(resolved, publicUrl).toEqual({
        off: expect.stringMatching(/--push-subject mailto:.*RINGBACK_PUSH_SUBJECT/),
      });
      expect('off' in resolved && resolved.off, publicUrl).toMatch(/https/);
    }
  });
});
